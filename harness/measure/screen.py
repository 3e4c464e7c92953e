"""The static screen: what a compiled candidate object may import, and which instructions
it may contain, checked before the object is ever loaded.

A candidate shares the worker process with the timer and the harness's private result
pipe; everything it could use to reach outside its computation goes through a dynamic
symbol it imports (the object is linked ``-Wl,-z,defs`` against the C and C++ runtimes
only) or through a system-call instruction in its own code. The screen reads both with
binutils (``nm -D --undefined-only``, ``objdump -d``; in the sandbox when candidates are
sandboxed) and accepts an object only when

* every undefined dynamic symbol is on the allowlist below: computation in the C and C++
  standard libraries (memory and string functions, number parsing and in-memory
  formatting such as snprintf and std::ostringstream, sorting, <cmath> and complex
  arithmetic, <random>'s random_device), memory allocation (malloc family, operator
  new/delete), OpenMP (GOMP_*, omp_*; and libstdc++'s parallel mode, __gnu_parallel::sort
  and the rest, which is OpenMP underneath: it takes omp_get_max_threads() threads and
  imports only ``__gnu_parallel::_Settings::get()``, its thresholds, read-only; the
  thread-count check around every call bounds it like any OpenMP code), threads and their
  synchronisation (pthread create/join/mutex/condition variable/once/keys, std::thread,
  std::condition_variable, futures, sleeping and yielding), clocks, and the C++ runtime (exceptions and their
  classes, typeinfo, __cxa_*, unwinding, std::__throw_*, the containers' out-of-line
  helpers);
* its executable sections hold no system-call instruction (``syscall``, ``sysenter``,
  ``int $0x80``; ``svc`` on Arm).

Not on the list, so rejected: files and streams (open, read, write, fopen, FILE and
std::cout/std::cerr, printf, puts ... -- printing is harmless in itself, but a write to a
descriptor is exactly how a verdict is forged, and stdio's descriptor is a field the
candidate can overwrite; no kernel needs to print), sockets, processes (fork, exec,
kill, exit, wait, ...), signals, dynamic loading (dlopen, dlsym, dl_iterate_phdr),
memory mapping and protection (mmap, mprotect), the environment (getenv), raw system
calls (syscall), changes to CPU affinity or scheduling, and to the floating-point
environment (fesetround, ...; the checks around every call catch these too). A
violation makes the verdict ``rejected`` with the offending symbols or instructions as
evidence.

The screen raises the cost of an attack, it does not make one impossible: code that
finds a forbidden libc function by walking libc's own symbol table in memory, or jumps
into the middle of an instruction, passes it. The sandbox, the checks around every call
and the protocol check of the orchestrator stay behind it (see the README's threat
model).
"""

from __future__ import annotations

import os
import re
import shutil

from ..core.errors import HarnessError
from . import sandbox

# ---------------------------------------------------------------- the allowlist
# C functions and data, by exact name.
_C_NAMES = frozenset(
    """
memcpy memmove memset memcmp memchr memrchr strlen strnlen strcmp strncmp strchr strrchr
strstr strcpy strncpy strcat strncat strspn strcspn strpbrk strdup strndup strtok_r strcoll
strxfrm __memcpy_chk __memmove_chk __memset_chk __strcpy_chk __strncpy_chk __strcat_chk
__strncat_chk __stpcpy_chk stpcpy
snprintf sprintf vsnprintf vsprintf __snprintf_chk __sprintf_chk __vsnprintf_chk
__vsprintf_chk sscanf __isoc99_sscanf __isoc23_sscanf
atoi atol atoll atof strtol strtoul strtoll strtoull strtod strtof strtold __isoc23_strtol
__isoc23_strtoul __isoc23_strtoll __isoc23_strtoull __strtol_internal __strtod_internal
qsort qsort_r bsearch abs labs llabs div ldiv lldiv imaxabs
rand srand rand_r random srandom drand48 erand48 lrand48 nrand48 mrand48 srand48
isalnum isalpha isblank iscntrl isdigit isgraph islower isprint ispunct isspace isupper
isxdigit tolower toupper __ctype_b_loc __ctype_tolower_loc __ctype_toupper_loc
__errno_location __assert_fail abort __stack_chk_fail __stack_chk_guard
malloc calloc realloc reallocarray free aligned_alloc posix_memalign memalign valloc
malloc_usable_size
sched_yield nanosleep clock_nanosleep usleep sched_getcpu sched_getaffinity get_nprocs
get_nprocs_conf sysconf clock_gettime gettimeofday time clock
thrd_create thrd_join thrd_detach thrd_current thrd_equal thrd_yield thrd_sleep call_once
__tls_get_addr __libc_single_threaded __gmon_start__ _ITM_registerTMCloneTable
_ITM_deregisterTMCloneTable __gxx_personality_v0 __gcc_personality_v0
""".split()
)

# <cmath>/<complex.h> functions: each stem with the float and long double suffixes,
# glibc's __*_finite aliases and the libmvec vector variants (_ZGV...).
_MATH_STEMS = """
acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 exp10 expm1
frexp ldexp log log10 log1p log2 logb modf scalbn scalbln ilogb cbrt fabs hypot pow sqrt
erf erfc lgamma lgamma_r tgamma gamma ceil floor nearbyint rint lrint llrint round lround
llround trunc fmod remainder remquo copysign nan nextafter nexttoward fdim fmax fmin fma
sincos significand j0 j1 jn y0 y1 yn pow10
cabs carg cimag creal conj cproj cexp clog cpow csqrt csin ccos ctan csinh ccosh ctanh
casin cacos catan casinh cacosh catanh
isnan isinf finite __isnan __isinf __finite __fpclassify __signbit __issignaling
""".split()
_MATH_NAMES = frozenset(
    f"{p}{s}{q}"
    for s in _MATH_STEMS
    for q in ("", "f", "l", "f128")
    for p in ("", "__")
    if not (p and s.startswith("__"))
)
_MATH_NAMES |= frozenset(f"__{s}{q}_finite" for s in _MATH_STEMS for q in ("", "f", "l"))
_LIBMVEC = re.compile(r"_ZGV[a-eA-E][NM]\d+[vlLRUu\d]*_(\w+)")

# Everything else by regular expression over the mangled name (precise where demangled
# names are not: a template function's demangled name starts with its return type).
# The comment on each line is the demangled family.
_PATTERNS = [
    re.compile(p)
    for p in (
        r"GOMP_\w+|omp_\w+",  # OpenMP runtime
        r"_ZN14__gnu_parallel9_Settings3getEv",  # libstdc++ parallel mode's settings (read)
        r"pthread_(create|join|detach|self|equal|once|key_(create|delete)|[gs]etspecific"
        r"|(mutex|cond|rwlock|spin|barrier)(attr)?_\w+"
        r"|attr_(init|destroy|[gs]et(stacksize|detachstate|guardsize)))",  # threads
        r"mtx_\w+|cnd_\w+|tss_\w+",  # C11 threads
        r"__cxa_\w+|_Unwind_\w+",  # C++ runtime, unwinding
        r"__(mul|div)[sdxt]c3|__powi[sdx]f2|__(u?(div|mod)|mul)ti3|__(popcount|clz|ctz|ffs|parity)[sdt]i2",
        r"_Z(nw|na|dl|da)\w*",  # operator new/delete
        r"_ZSt7nothrow",  # std::nothrow
        r"_ZSt\d+(__throw_\w+|terminate\w*|_Rb_tree_\w+|_Hash_bytes\w*|_Fnv_hash_bytes\w*"
        r"|rethrow_exception\w*|current_exception\w*|uncaught_exceptions?\w*|__once_proxy"
        r"|__once_call\w*|__ostream_insert\w*|__glibcxx_assert_fail\w*|to_chars\w*|from_chars\w*"
        r"|use_facet\w*|has_facet\w*|endl\w*|ends\w*|flush\w*|ws\w*|future_category\w*"
        r"|get_new_handler\w*|generic_category\w*|system_category\w*|getline\w*)",  # std:: free functions
        r"_ZSt(ls|rs)\w*",  # std::operator<<, >> (streams)
        r"_ZT[HW]St(11__once_call|15__once_callable)",  # their thread-locals
        r"_ZT[IS]\w+",  # typeinfo (data, no code)
        r"_ZTVN10__cxxabiv1\w+",  # typeinfo classes' vtables
    )
]
# Classes whose members, vtables and VTTs a candidate may use (mangled class prefixes
# as they follow _ZN / _ZNK / _ZTV / _ZTT).
_CLASSES = re.compile(
    r"(St\d+(exception|bad_\w+|logic_error|runtime_error|domain_error|invalid_argument"
    r"|length_error|out_of_range|range_error|overflow_error|underflow_error|nested_exception"
    r"|future_error|system_error)"  # exceptions
    r"|St\d+__exception_ptr"  # std::exception_ptr
    r"|St\d+__cxx11\d+(basic_string|basic_[io]?stringstream|basic_stringbuf|to_string)"
    r"|Ss|So|Si|Sd|St\d+(basic_ios|basic_streambuf|basic_[io]stream|basic_iostream|ios_base"
    r"|locale|ctype|num_put|num_get|codecvt)"  # strings, string streams
    r"|St\d+(thread|this_thread|condition_variable|_V2\d+(condition_variable_any"
    r"|system_category|generic_category)|__future_base"
    r"|__atomic_futex_unsigned_base|_Sp_make_shared_tag|chrono\d+_V2\d+(steady|system"
    r"|high_resolution)_clock)"  # threads, futures, clocks
    r"|St\d+random_device"  # <random>
    r"|St\d+__detail\d+(_Prime_rehash_policy|_List_node_base|_Hash\w*)|St\d+_List_node_base"
    r"|St\d+_Rb_tree\w*)"
)  # containers' out-of-line helpers
_CLASS_SYMBOL = re.compile(r"_Z(?:NK?|T[VTC]N?)(\w+)")

# What a forbidden symbol is, for the evidence (a lesson can then say what was tried).
_KINDS = [
    (
        re.compile(
            r"_ZSt\d+(cout|cerr|clog|cin|wcout|wcerr|wclog|wcin)|std(out|err|in)$"
            r"|(v?f?printf|puts|putc\w*|fputs|fwrite|fflush|perror|__\w*printf_chk)$"
            r"|St13basic_filebuf|St14basic_[io]fstream|St13basic_fstream|stdio_filebuf"
        ),
        "console or file output",
    ),
    (
        re.compile(
            r"(open|open64|openat|creat|close|read|write|pread\w*|pwrite\w*|readv|writev"
            r"|lseek\w*|dup\d?|pipe\d?|fcntl|ioctl|f(open|read|close|get\w*|scan\w*|seek)\w*"
            r"|unlink|rename|mkdir|rmdir|stat\w*|fstat\w*|opendir|readdir|sendfile|splice"
            r"|tee|memfd_create|truncate|ftruncate|mkstemp\w*|tmpfile)$"
        ),
        "files and file descriptors",
    ),
    (re.compile(r"(socket|connect|bind|listen|accept4?|send\w*|recv\w*|getaddrinfo|gethostbyname)$"), "network"),
    (
        re.compile(
            r"(signal|sigaction|sigprocmask|pthread_sigmask|raise|alarm|setitimer"
            r"|pthread_kill|pthread_cancel)$"
        ),
        "signals",
    ),
    (
        re.compile(
            r"(fork|vfork|clone\d?|exec\w*|posix_spawn\w*|system|popen|kill|tgkill|wait\w*"
            r"|exit|_exit|_Exit|quick_exit|setsid|setpgid|prctl|ptrace|getpid|getppid)$"
        ),
        "processes",
    ),
    (re.compile(r"(dlopen|dlsym|dlvsym|dlclose|dladdr\w*|dlinfo|dl_iterate_phdr)$"), "dynamic loading"),
    (re.compile(r"(mmap\w*|munmap|mremap|mprotect|pkey_\w+|madvise|shm\w+)$"), "memory mapping and protection"),
    (re.compile(r"(getenv|secure_getenv|setenv|unsetenv|putenv|clearenv)$"), "the environment"),
    (re.compile(r"(syscall)$"), "raw system calls"),
    (re.compile(r"(sched_set\w+|pthread_set\w+|setpriority|nice|setrlimit|prlimit\w*)$"), "scheduling and limits"),
    (re.compile(r"^fe(set|clear|raise|update|hold|enable|disable)\w*$"), "the floating-point environment"),
]


def allowed(symbol: str) -> bool:
    """True if a candidate may import ``symbol`` (a mangled name without version)."""
    if symbol in _C_NAMES or symbol in _MATH_NAMES:
        return True
    m = _LIBMVEC.fullmatch(symbol)
    if m:
        return m.group(1) in _MATH_NAMES
    if any(p.fullmatch(symbol) for p in _PATTERNS):
        return True
    m = _CLASS_SYMBOL.fullmatch(symbol)
    return bool(m and _CLASSES.match(m.group(1)))


def kind(symbol: str) -> str:
    """What a forbidden symbol gives access to ("files and file descriptors", ...)."""
    for pattern, what in _KINDS:
        if pattern.search(symbol):
            return what
    return "outside the allowlist"


# ---------------------------------------------------------------- reading the object
# One sandboxed shell: the undefined dynamic symbols (mangled, then demangled, in the
# same order), then the disassembly's function headers and system-call instructions.
_SCRIPT = r"""
set -e
nm -D --undefined-only --no-sort --without-symbol-versions "$1"; echo @@
nm -D --undefined-only --no-sort --without-symbol-versions -C "$1"; echo @@
objdump -d -w --no-show-raw-insn "$1" | grep -E '^[0-9a-f]+ <.*>:$|	(syscall|sysenter|int +[$]0x80|svc )' || true
"""


def _tools() -> None:
    for t in ("nm", "objdump", "c++filt"):
        if not shutil.which(t):
            raise HarnessError(
                f"'{t}' not found: install binutils (apt-get install binutils; "
                "it comes with g++), which screens candidate objects"
            )


def read_object(script: str, path: str, parts: int, sandboxed: bool, what: str = "the candidate object") -> list[str]:
    """The ``parts`` sections of what the shell ``script`` (binutils reading ``$1`` =
    ``path``, sections separated by lines ``@@``) prints, run in the sandbox when
    ``sandboxed`` (the object is untrusted: 2 GiB, 16 processes, 120 s, the object's
    folder read-only). Raises HarnessError if it fails or prints another number of
    sections (a harness problem, not the candidate's); ``what`` names the object there."""
    out = sandbox.run(
        ["/bin/sh", "-c", script, "binutils", path],
        sandboxed=sandboxed,
        ro=[os.path.dirname(path)],
        timeout_s=120.0,
        tail_bytes=1 << 22,
        limits=sandbox.Limits(memory_bytes=2 << 30, pids=16),
    )
    found = out.stdout_tail.split("@@\n")
    if out.returncode != 0 or len(found) != parts:
        raise HarnessError(
            f"cannot read {what} {path} with binutils: "
            f"{out.stderr_tail.strip()[-300:] or 'exit code ' + str(out.returncode)}"
        )
    return found


def screen_object(path: str, sandboxed: bool) -> list[str]:
    """The reasons ``path`` (a candidate's shared object) may not be loaded, [] if none.

    Each reason names one forbidden imported symbol (demangled) and what it gives
    access to, or one system-call instruction and the function it is in. Runs binutils
    in the sandbox when ``sandboxed``. Raises HarnessError if binutils is missing or
    cannot read the object (a harness problem, not the candidate's).
    """
    _tools()
    parts = read_object(_SCRIPT, path, 3, sandboxed)
    mangled, demangled = (
        [ln.strip().split(None, 1)[-1] for ln in part.splitlines() if ln.strip()] for part in parts[:2]
    )
    if len(demangled) != len(mangled):
        demangled = mangled
    why = [f"{d} ({kind(m)})" for m, d in zip(mangled, demangled) if not allowed(m)]
    func = "?"
    for ln in parts[2].splitlines():
        if ln.endswith(">:"):
            func = ln[ln.index("<") + 1 : -2]
        elif ln.strip():
            why.append(f"a '{ln.split(chr(9))[-1].strip()}' instruction in {func} (raw system call)")
    return sorted(set(why))
