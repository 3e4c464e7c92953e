"""Data races found, not guessed: every omp-mode candidate also runs under a race detector.

Output comparison catches a data race only when the threads happen to collide (a
``#pragma omp parallel for`` writing ``mask[i]`` of a ``std::vector<bool>`` races on
the words neighbouring bits share, and usually still gives the right answer). So in omp
mode a candidate that built and passed the screen is also compiled with clang++
``-fsanitize=thread -fopenmp`` (ThreadSanitizer with LLVM's OpenMP runtime, libomp,
whose Archer tool tells ThreadSanitizer about OpenMP's barriers, locks, reductions and
tasks; GCC's libgomp is not annotated and gives false positives), together with the
problem's driver and baseline, from the same translation units as the g++ builds
(harness.measure.toolchain: prelude, ``#line``, glue). The race runner (``cpp/race_runner.cpp``)
runs, in the sandbox like every candidate process, the baseline and then the candidate
on RACE_SEEDS fresh inputs of the largest validation size up to the timed size and one on a
middle validation size, then the candidate once at the timed size (the probe: stopped
after PROBE_S without a verdict, at the largest size that fits the detector's memory when
the timed size's data do not, skipped when the timed size is a validation size), with at least two OpenMP threads (also on one
CPU: the detector finds races from the happens-before order, not from timing).

A report in the candidate's part is ``incorrect``, with the report trimmed to its
first warning and the candidate's frames as ``evidence["race"]``. When the tools are
missing (``make system-packages`` installs them) or the runner does not finish,
``evidence["race_check"]`` says "unavailable: <reason>" and the candidate is judged as
before. The detector must check the code that is timed: a candidate clang++ cannot
build is a ``compile_error`` (else one line only g++ accepts would turn the check off),
and a source that tests which compiler builds it is ``rejected``, whether by name
(``__clang__``, ``__SANITIZE_THREAD__``, ``__has_feature``, the value of ``__GNUC__`` or
``_OPENMP``: compiler_test, which also refuses what would hide accesses from the
detector) or in effect: g++ and clang++ preprocess its code to different tokens, or its
conditions test a header macro the two define differently (same_code; ``__GNUG__ - 4``,
a pasted name, ``#ifndef _MM_HINT_T0``). What the check cannot see is listed in the
README ("Data races").
"""

from __future__ import annotations

import glob
import os
import re
import secrets
import shutil
import struct
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from ..core.fsutil import atomic_write, cache_root
from . import roofline, sandbox, screen, toolchain, topology
from .extract import extract_candidate
from .suite import ROOT, Problem

RUNNER_SOURCE = ROOT / "cpp" / "race_runner.cpp"
RACE_SEEDS = 2          # inputs of the largest race size; one more of a middle size
RACE_EXIT = 66          # the detector's exit code after a report (TSAN_OPTIONS exitcode)
RUN_TIMEOUT_S = 120.0   # the runner's watchdog between messages (the baseline's part)
MIN_CALL_S = 5.0        # shortest deadline of one candidate call under the detector
# The probe's deadline (s): one candidate call at the timed size under the detector, so
# that code going parallel only above the validation sizes (`if (n > 1000000)`, a
# threshold an honest candidate may have too) is seen parallel once; a race shows in the
# first moments of a racy loop, and a slow call is stopped here without a verdict.
PROBE_S = 2.0
# A probe needs about this many times its problem's compulsory bytes: the driver keeps a
# pristine copy of the inputs, and the detector's shadow memory is 4x what it watches
# (27_reduce_average at 48 M doubles, 384 MB of inputs, ran out of 2 GiB; at 6 M it ran).
PROBE_MEMORY_FACTOR = 12
# Memory limit of the runner (bytes; at most the worker's): the inputs are small, and the
# detector cannot cap the address space (see sandbox.Limits.address_space), so a
# candidate's runaway allocation is stopped by the cgroup, or by the detector's own RSS
# limit (hard_rss_limit_mb) where no cgroup can be made, at this much.
RACE_MEMORY = 2 << 30
REPORT_LINES = 14       # lines of the trimmed report
# Why a candidate that fails under the detector at a validation size is not judged on its
# outputs alone: a candidate that allocated 4 GB once was killed by the detector's 2 GiB,
# and its race went unseen (2026-12-04). Honest code at those sizes needs little memory
# and time, even under the detector.
UNCHECKED = ("; omp candidates must run under the detector at the validation sizes, or they "
             "cannot be shown race-free")
CLANG_ERROR = ("clang++, the race detector's compiler, cannot build the candidate (omp candidates must "
               "build with clang++ too: the race check runs its clang build)")
# Bytes of access history the detector may keep over all threads. It drops a report whose
# earlier access it can no longer find in the racing thread's history (seen: a shared
# counter that a thread last wrote some 128 K accesses back, the default history_size=2,
# was not reported), so each thread gets the most history (history_size up to 7, 4 M
# accesses, 32 MiB) that keeps the total within this.
HISTORY_BYTES = 512 << 20


def history_size(threads: int) -> int:
    """ThreadSanitizer's history_size for ``threads`` threads: 2^h x 256 KiB per thread
    (32 K accesses of 8 bytes at h = 0), the largest h <= 7 within HISTORY_BYTES."""
    h = 7
    while h > 0 and threads * (256 << 10 << h) > HISTORY_BYTES:
        h -= 1
    return h
# ThreadSanitizer suppressions. libstdc++'s parallel mode (__gnu_parallel::sort,
# nth_element, ...; admitted by the screen) has data races of its own, benign by its
# design but data races all the same: every thread stores omp_get_num_threads() into one
# shared variable (multiway_mergesort.h), a partition step reads a shared bound another
# thread updates with fetch-and-add, and reads the element just past its chunk before it
# checks the border while the neighbouring thread swaps it (partition.h). A report with a
# frame in those headers in either access's stack is therefore not reported: the price
# is that a race inside a parallel-mode call (a racy functor given to
# __gnu_parallel::for_each, say) is not seen either (README, "Data races").
SUPPRESSIONS = "race:/c++/*/parallel/\n"
# Compiler-identity tests that would let a source build other code for the detector
# than for the timed g++ object: clang's and the sanitizers' own macros anywhere, and
# value comparisons of __GNUC__* or _OPENMP (clang claims GCC 4.2 and OpenMP 5.0; g++
# says 12 and 4.5). A plain `#ifdef _OPENMP` or `#ifdef __GNUC__` is the same for both.
# Also what the preprocessors agree on but the compilers do not: __PRETTY_FUNCTION__
# (g++ writes "[with int N = 64]", clang "[N = 64]"), __builtin_constant_p and
# __builtin_object_size (their answers depend on the optimizer: -O3 against -O1);
# what hides accesses from the detector: inline assembly, the attributes that turn its
# instrumentation off, the sections and names of globals it skips as profiling
# counters (section("__llvm_prf_cnts"), __llvm_gcov_ctr*); and the clock macros, which
# two runs may expand differently. Also read in the preprocessed code (hidden_code), so
# a name pasted with ## or spelt in a _Pragma string does not pass.
_COMPILER_TEST = re.compile(
    r"\b(__clang\w*|__llvm\w*|__SANITIZE_\w+|__has_feature|__has_extension|__VERSION__"
    r"|__tsan\w*|__apple_build_version__|__PRETTY_FUNCTION__|__builtin_constant_p"
    r"|__builtin_(?:dynamic_)?object_size|_*no_sanitize\w*|_*disable_sanitizer_instrumentation\w*"
    r"|__TIME__|__DATE__|__TIMESTAMP__)\b"
    r"|\b_*section_*\s*\(\s*\"\""
    r"|\b(__GNUC\w*|_OPENMP)\s*(==|!=|<=|>=|<|>)|(==|!=|<=|>=|<|>)\s*(__GNUC\w*|_OPENMP)\b")
# A line directive (#line, or a GNU line marker `# 1 "file" 1`, also spelt with the %:
# digraph) in the candidate's code: it would tell the comparison of the preprocessed
# code (same_code) that what follows is a header's, which is not compared.
_LINE_DIRECTIVE = re.compile(r"^[ \t]*(?:#|%:)[ \t]*(?:line\b|\d)", re.M)
# Comments and literals, which no test of the compiler can hide in
_NOT_CODE = re.compile(r"""//[^\n]*|/\*.*?\*/
                           |(?:u8|[uUL])?R"([^ ()\\\t\n]*)\(.*?\)\1"
                           |(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""", re.S | re.X)


_ASM = re.compile(r"\b(?:asm|__asm\w*)\b")
# an assembly statement with an empty template (a compiler barrier, `asm volatile("" :::
# "memory")`): no instruction, so nothing the detector does not see
_EMPTY_ASM = re.compile(r"""\b(?:asm|__asm\w*)\b(?:\s*(?:volatile|__volatile__|inline|goto))*\s*\(\s*""\s*[:)]""")


def code_text(source: str) -> str:
    """``source`` as the compiler reads its code: lines spliced at backslash-newlines,
    comments and string and character literals (raw strings too) blanked (a comment
    becomes a space, a literal ``""``)."""
    spliced = source.replace("\\\r\n", "").replace("\\\n", "")
    return _NOT_CODE.sub(lambda m: " " if m.group(0)[:2] in ("//", "/*") else '""', spliced)


@dataclass(frozen=True)
class Tools:
    """The detector's toolchain: ``clang`` (clang++, absolute path), its ``version`` line,
    ``archer`` (libarcher.so, the OpenMP tool loaded by libomp), ``symbolizer``
    (llvm-symbolizer, which turns the report's addresses into file:line) and ``opt``
    (LLVM's optimizer, which runs the candidate's pipeline: _DetectorCompiler)."""

    clang: str
    version: str
    archer: str
    symbolizer: str
    opt: str

    def base_flags(self, march: str) -> list[str]:
        """Compile flags of every detector build (objects and runner): -O1 with line
        tables, as ThreadSanitizer's authors recommend, and libomp."""
        return ["-std=c++17", "-O1", "-gline-tables-only", "-fsanitize=thread", "-fopenmp=libomp",
                f"-march={march}", "-fPIC"]


@dataclass(frozen=True)
class _DetectorCompiler(toolchain.Compiler):
    """clang++ as harness.measure.toolchain's compile step sees a compiler: the same mounts, the
    detector's flags in every mode (detector_flags to compile; a shared object with
    ThreadSanitizer and libomp to link)."""

    detector_flags: tuple = ()
    opt: str = ""  # the candidate's build: clang's IR, then opt (SCALARIZED_PIPELINE)

    def compile_flags(self, mode: str) -> list[str]:
        return list(self.detector_flags)

    def link_flags(self, mode: str) -> list[str]:
        return ["-shared", "-fsanitize=thread", "-fopenmp=libomp"]

    def build_steps(self, compile_argv: list[str], mode: str) -> list[list[str]]:
        """With ``opt``: clang's unoptimised IR (its functions marked for the detector),
        then opt with SCALARIZED_PIPELINE to ``ir.ll`` (kept: unseen_accesses reads it),
        then clang's code generation of that IR, then the link."""
        if not self.opt:
            return super().build_steps(compile_argv, mode)
        return [compile_argv + ["-Xclang", "-disable-llvm-passes", "-emit-llvm", "-c", "-o", "tu.bc", "tu.cpp"],
                [self.opt, f"-passes={SCALARIZED_PIPELINE}", "-scalarize-load-store", "-S", "-o", "ir.ll", "tu.bc"],
                [self.path, "-O1", "-fPIC", f"-march={self.march}", "-Xclang", "-disable-llvm-passes", "-c",
                 "-o", "obj.o", "ir.ll"],
                [self.path, *self.link_flags(mode), "-o", "lib.so", "obj.o"]]


# The candidate's detector pipeline: clang's -O1 pipeline, then the scalarizer (with
# -scalarize-load-store: a vector load or store becomes one per element), then
# ThreadSanitizer's instrumentation, which clang would add last. ThreadSanitizer
# instruments accesses of 1, 2, 4, 8 and 16 bytes only: a race through 32- or 64-byte
# loads and stores (_mm256_storeu_si256 on shared words) went unseen before (2026-12-04).
SCALARIZED_PIPELINE = "default<O1>,function(scalarizer),tsan-module,function(tsan)"
# What the detector does not see in the candidate's IR (unseen_accesses): a load or
# store of a size other than 1, 2, 4, 8 or 16 bytes (what the scalarizer leaves: volatile
# vectors; 80-bit long doubles; packed 24-bit bitfields), and a call to an LLVM intrinsic
# that may access memory (its declaration is not readnone): masked, gather and scatter
# accesses, x86's maskmov, truncating and direct stores ... Each was shown to hide a race
# on 2026-12-04. Allowed: what ThreadSanitizer itself handles or what touches no data.
# a load or a store in the IR (LLVM 14: typed pointers, `load T, T* %p`, `store T %v, T* %p`)
_IR_ACCESS = re.compile(r"(?:= load|^\s*store) (?:atomic )?(?:volatile )?(.*)$", re.M)
_SIZES = {"half": 2, "bfloat": 2, "float": 4, "double": 8, "x86_fp80": 10, "fp128": 16, "ppc_fp128": 16,
          "x86_mmx": 8}
_INTRINSIC_CALL = re.compile(r"\bcall [^@]*@(llvm\.[\w.]+)\(")
_DECLARE = re.compile(r"^declare [^@]*@(llvm\.[\w.]+)\(.*?\)\s*(?:#(\d+))?", re.M)
_ATTRIBUTES = re.compile(r"^attributes #(\d+) = \{(.*)\}", re.M)
_NO_DATA = re.compile(r"llvm\.(?:dbg|lifetime|invariant|experimental\.noalias\.scope\.decl|assume|prefetch|"
                      r"stacksave|stackrestore|trap|donothing|sideeffect|var\.annotation|mem(?:cpy|move|set)|"
                      r"x86\.sse2?\.(?:sfence|lfence|mfence|pause|clflush))\b")


def _top_level(text: str) -> list[str]:
    """``text`` split at its commas outside brackets and quotes (an IR operand list)."""
    parts, depth, quoted, cur = [], 0, False, []
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
        elif not quoted and depth == 0 and ch == ",":
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    return parts + ["".join(cur)]


def _accessed_type(operands: str) -> str:
    """The type a load or store accesses: its pointer operand's type less one ``*``
    (``T* %p``: the second operand of both), "" when there is none."""
    parts = _top_level(operands)
    pointer = _leading_type(parts[1].strip()) if len(parts) > 1 else ""
    return pointer[:-1] if pointer.endswith("*") else ""


def _leading_type(text: str) -> str:
    """The IR type ``text`` begins with (``i32*``, ``%"class.std::vector"**``,
    ``void (i32)*``, ``<4 x i64>*``, ``{ i64, i64 }*``)."""
    close = {"<": ">", "{": "}", "[": "]", "(": ")"}

    def balanced(i: int) -> int:  # the index after the bracket group starting at i
        depth = 0
        for j in range(i, len(text)):
            depth += text[j] in close
            depth -= text[j] in close.values()
            if depth == 0:
                return j + 1
        return len(text)
    m = re.match(r'%"[^"]*"|%[\w.]+|[\w.]+', text)
    i = m.end() if m and text[:1] not in close else (balanced(0) if text[:1] in close else 0)
    if text[i:i + 2] == " (":  # a function type
        i = balanced(i + 1)
    while text[i:i + 1] == "*":
        i += 1
    return text[:i]


def _size(t: str) -> int | None:
    """The store size in bytes of LLVM IR type ``t``, None for an aggregate."""
    t = t.strip()
    if t.endswith("*"):
        return 8
    m = re.fullmatch(r"<(\d+) x (.+)>", t)
    if m:
        inner = _size(m.group(2))
        return int(m.group(1)) * inner if inner else None
    if re.fullmatch(r"i\d+", t):
        return (int(t[1:]) + 7) // 8
    return _SIZES.get(t)


def unseen_accesses(ir: str) -> str:
    """The first memory access in ``ir`` (the candidate's instrumented LLVM IR) that the
    detector does not see: a load or store whose size is not 1, 2, 4, 8 or 16 bytes (an
    aggregate's included), or a call to an LLVM intrinsic that may access memory (not
    readnone, not in _NO_DATA); "" if none."""
    for m in _IR_ACCESS.finditer(ir):
        t = _accessed_type(m.group(1))
        if _size(t) not in (1, 2, 4, 8, 16):
            return f"a {t or '?'} access ({m.group(0).strip(' =')[:80]})"
    groups = {g: body for g, body in _ATTRIBUTES.findall(ir)}
    declared = {name: groups.get(g, "") for name, g in _DECLARE.findall(ir)}
    for name in dict.fromkeys(_INTRINSIC_CALL.findall(ir)):
        if not _NO_DATA.match(name) and "readnone" not in declared.get(name, "").split():
            return name
    return ""


@dataclass
class RaceCheck:
    """What the race check found. status: "clean", "race", "rejected" (the source tests
    the compiler, or the runner's protocol was forged), "compile_error" (clang++ cannot
    build the candidate; ``diagnostics`` holds its trimmed messages), "timeout" or
    "runtime_error" (the candidate missed its deadline, or ended, under the detector at a
    validation size, or ran out of its memory in the probe: it cannot be shown race-free) or "unavailable" (the tools, or the
    problem's own code under them);
    why: the reason (all but clean); report: the trimmed detector report (race);
    size/seed: the case whose candidate call was running when the report came (race);
    compile_s/run_s: seconds spent building the detector's objects and running them;
    probe: what became of the call at the timed size ("finished", "race", "stopped after
    2 s without a report", "out of memory", "none: ..." when the timed size is a validation size or no
    size above those fits the detector's memory, or "unavailable: ..."; each followed by
    " (at size N: ...)" when the timed size's data would not fit and the probe took the
    largest size that does; "" when the runner did not get that far)."""

    status: str
    why: str = ""
    diagnostics: str = ""
    report: str = ""
    size: int | None = None
    seed: int | None = None
    compile_s: float = 0.0
    run_s: float = 0.0
    probe: str = ""


def _clang_path() -> str | None:
    """clang++ on PATH, else the newest /usr/bin/clang++-N."""
    path = shutil.which("clang++")
    if path:
        return path
    versioned = glob.glob("/usr/bin/clang++-[0-9]*")
    return max(versioned, key=lambda p: int(re.sub(r"\D", "", p.rsplit("-", 1)[-1]) or 0)) if versioned else None


@lru_cache(maxsize=1)
def find_tools() -> Tools | str:
    """The detector's toolchain, or why it is unavailable (a one-line reason naming what
    to install). libarcher.so, opt and llvm-symbolizer are looked up in clang's own LLVM
    installation (Debian: /usr/lib/llvm-<N>/), then on PATH (the symbolizer)."""
    hint = "install clang and libomp-dev (make system-packages)"
    clang = _clang_path()
    if clang is None:
        return f"clang++ not found: {hint}"
    prefix = Path(os.path.realpath(clang)).parent.parent
    archer = [p for p in [prefix / "lib" / "libarcher.so", *prefix.glob("lib/*/libarcher.so")] if p.exists()]
    if not archer:
        return f"libarcher.so (LLVM's OpenMP race-detection tool) not found under {prefix}/lib: {hint}"
    if not (prefix / "lib" / "libomp.so").exists() and not list(prefix.glob("lib/*/libomp.so")):
        return f"libomp.so (LLVM's OpenMP runtime) not found under {prefix}/lib: {hint}"
    symbolizer = prefix / "bin" / "llvm-symbolizer"
    sym = str(symbolizer) if symbolizer.exists() else shutil.which("llvm-symbolizer")
    if not sym:
        return f"llvm-symbolizer not found: {hint}"
    opt = prefix / "bin" / "opt"  # clang's own LLVM: its bitcode is read by the same version
    if not opt.exists():
        return f"opt (LLVM's optimizer) not found under {prefix}/bin: {hint}"
    version = subprocess.run([clang, "--version"], capture_output=True, text=True).stdout
    return Tools(clang, (version.splitlines() or ["unknown"])[0], str(archer[0]), sym, str(opt))


def fingerprint() -> str:
    """What the detector's verdicts depend on besides the code: clang's version and the
    Archer library, or why the tools are unavailable (part of the verdict key, so a
    verdict made without the detector is not reused once it is installed)."""
    tools = find_tools()
    return tools if isinstance(tools, str) else f"{tools.version}\0{tools.archer}"


def _publish(work: Path, out: Path) -> None:
    """Renames the finished folder ``work`` to ``out`` (another process may have built
    the same one meanwhile: theirs is kept)."""
    try:
        os.rename(work, out)
    except OSError:
        shutil.rmtree(work, ignore_errors=True)


def _prelude(tools: Tools, march: str) -> tuple[Path, str, float]:
    """A folder holding the omp prelude header and clang's precompiled form of it
    (built once per clang, flags and prelude), the path of the precompiled header ("" when
    it failed to build: the header alone is then read, slower) and the seconds spent
    now. It cuts a candidate's detector build from ~1.5 s to ~0.5 s. The precompiled
    header records the header's absolute path, so it is built in its final folder."""
    flags = tools.base_flags(march)
    text = toolchain.prelude_text("omp")
    out = cache_root() / "races" / ("pch-" + toolchain.content_key(text, " ".join(flags), tools.version)[:16])
    pch, failed = out / f"{toolchain.PRELUDE_NAME}.pch", out / toolchain.PCH_FAILED
    t0 = time.monotonic()
    if not (pch.exists() or failed.exists()):
        atomic_write(out / toolchain.PRELUDE_NAME, text)
        fd, tmp = tempfile.mkstemp(dir=out, suffix=".pch.tmp")
        os.close(fd)
        r = subprocess.run([tools.clang, *flags, "-x", "c++-header", toolchain.PRELUDE_NAME, "-o", tmp],
                           cwd=out, capture_output=True, text=True)
        if r.returncode == 0:
            os.chmod(tmp, 0o644)
            os.replace(tmp, pch)
        else:
            os.unlink(tmp)
            atomic_write(failed, r.stderr[-4000:])
    return out, (str(pch) if pch.exists() else ""), time.monotonic() - t0


def _runner(tools: Tools, march: str) -> tuple[str, str, float]:
    """The race runner executable (built once per clang, flags, runner source and
    suppressions, which lie beside it as tsan.supp), why it could not be built ("" when
    it was), and the seconds spent now."""
    src = RUNNER_SOURCE.read_text()
    flags = tools.base_flags(march)
    out = cache_root() / "races" / ("runner-" + toolchain.content_key(src, SUPPRESSIONS, " ".join(flags), tools.version)[:16])
    exe = out / "race_runner"
    t0 = time.monotonic()
    if not exe.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="runner-", dir=out.parent))
        r = subprocess.run([tools.clang, *flags, str(RUNNER_SOURCE), "-ldl", "-o", str(work / exe.name)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            lines = [ln for ln in r.stderr.splitlines() if "error" in ln] or r.stderr.splitlines() or ["?"]
            return "", f"clang++ cannot build the race runner: {lines[0]}", time.monotonic() - t0
        (work / "tsan.supp").write_text(SUPPRESSIONS)
        os.chmod(work, 0o755)
        _publish(work, out)
    return str(exe), "", time.monotonic() - t0


def race_cases(problem: Problem, size: int, seed: int) -> list[list[int]]:
    """The [size, seed] cases of the race check: RACE_SEEDS seeds of the largest
    validation size up to ``size`` (the timed size), then one of the middle one (the
    timed size itself when no validation size is that small)."""
    sizes = sorted({int(s) for s in problem.validate_sizes if s <= size}) or [size]
    big, mid = sizes[-1], sizes[(len(sizes) - 1) // 2]
    return [[big, seed + 200 + i] for i in range(RACE_SEEDS)] + [[mid, seed + 200 + RACE_SEEDS]]


def compiler_test(source: str) -> str:
    """The first compiler-identity test or detector blind spot in ``source``'s code
    (code_text: not in a comment or a literal; see _COMPILER_TEST), or its first line
    directive (_LINE_DIRECTIVE); "" if none."""
    code = code_text(source)
    m = _COMPILER_TEST.search(code) or _LINE_DIRECTIVE.search(code)
    if m:
        return m.group(0).strip()
    # inline assembly: the detector does not see its memory accesses (the templates are
    # read with comments blanked but literals kept)
    kept = _NOT_CODE.sub(lambda m: " " if m.group(0)[:2] in ("//", "/*") else m.group(0),
                         source.replace("\\\r\n", "").replace("\\\n", ""))
    if len(_ASM.findall(code)) > len(_EMPTY_ASM.findall(kept)):
        return "inline assembly"
    return ""


_FRAME = re.compile(r"^\s+#\d+ ")
_FRAME_TAIL = re.compile(r"\s+\((?:[^()]*\+0x[0-9a-f]+)\)(?:\s+\(BuildId: [0-9a-f]+\))?\s*$")
_ACCESS = re.compile(r"^\s+(?:(?:Previous )?(?:[Aa]tomic )?(?:[Rr]ead|[Ww]rite)|Mutex|Previous)\b.*:$")


def _frame(line: str) -> str:
    """A report frame without its module offset and build id, paths cut to file names."""
    line = _FRAME_TAIL.sub("", line.rstrip())
    line = re.sub(r"(?<!\S)/(?:[^\s/]+/)+([^\s/]+)", r"\1", line)
    return line[:200]


def trim_report(stderr: str) -> tuple[str, str]:
    """(the kind of the first ThreadSanitizer warning, e.g. "data race"; that warning
    trimmed to REPORT_LINES lines: its access lines, each with the frames up to the first
    one in candidate.cpp and the candidate's own frames). ("", "") if there is none."""
    lines = stderr.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.startswith("WARNING: ThreadSanitizer: ")), None)
    if start is None:
        return "", ""
    kind = re.sub(r"\s*\(pid=\d+\)\s*$", "", lines[start][len("WARNING: ThreadSanitizer: "):])
    out = [f"ThreadSanitizer: {kind}"]
    block: list[str] | None = None
    frames: list[str] = []

    def flush():
        if block is None:
            return
        first = next((i for i, f in enumerate(frames) if "candidate.cpp:" in f), None)
        if first is None:
            keep = frames[:2]
        else:
            keep = frames[max(0, first - 1):first + 1] + [f for f in frames[first + 1:] if "candidate.cpp:" in f]
        out.extend(block + keep[:4])

    for ln in lines[start + 1:]:
        if ln.startswith("SUMMARY:") or ln.startswith("=================="):
            break
        if _FRAME.match(ln):
            frames.append(_frame(ln))
        elif ln.strip():
            flush()
            block, frames = ([ln.rstrip()[:200]] if _ACCESS.match(ln) else None), []
    flush()
    return kind, "\n".join(out[:REPORT_LINES])


# Same code for both compilers: the candidate's translation unit as g++ and the
# detector's clang preprocess it, compared token by token outside the headers.
# The preprocessed text as tokens: a line marker (only at a line's start), a raw string
# (over several lines: its lines are never markers), a string, a character, a
# pp-number, an identifier, a newline, or any other character.
_PP_TOKEN = re.compile(r"""(?P<marker>^\#[ \t]*\d+[ \t]+"(?:[^"\\\n]|\\.)*"(?:[ \t]+\d+)*[ \t]*$)
                          |(?P<tok>(?:u8|[uUL])?R"([^ ()\\\t\n]*)\(.*?\)\3"
                          |(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*"
                          |(?:u8|[uUL])?'(?:[^'\\\n]|\\.)*'
                          |\.?\d(?:[eEpP][+-]|['\w.])*
                          |[A-Za-z_$]\w*
                          |[^\s])
                          |(?P<nl>\n)""", re.M | re.S | re.X)
_INT = re.compile(r"^(0[xX][0-9a-fA-F']+|0[bB][01']+|0[0-7']*|[1-9][0-9']*)[uUlLzZ]*$")


def _number(tok: str) -> str:
    """A pp-number by its value: integers without their suffix (header macros spell
    the same limit 0x7fffffff or 2147483647, 1 or 1ULL); floating literals rounded to
    their type (F: float, L: long double to 18 digits, none: double), so that g++'s
    ``double(1.797...e+308L)`` and clang's ``1.7976931348623157e+308`` compare equal
    once the cast is dropped (see _canonical)."""
    t = tok.replace("'", "")
    m = _INT.match(t)
    if m:
        digits = m.group(1).replace("'", "")
        base = 16 if digits[:2] in ("0x", "0X") else 2 if digits[:2] in ("0b", "0B") else 8 if digits.startswith("0") and len(digits) > 1 else 10
        return f"#{int(digits[2:] if base in (16, 2) else digits, base)}"
    body, suffix = re.match(r"^(.*?)([fFlL]?)$", t).groups()
    try:
        if body[:2] in ("0x", "0X"):
            value = float.fromhex(body)
        else:
            value = float(body)
        if suffix in ("f", "F"):
            return "#f" + (struct.pack("<f", value).hex() if abs(value) < 3.5e38 else "inf")
        if suffix in ("l", "L"):
            return f"#l{Decimal(body):.17e}"
        return f"#{value!r}"
    except (ValueError, OverflowError, ArithmeticError):
        return tok


def _canonical(text: str) -> list[tuple[str, int]]:
    """The tokens of the main file in preprocessed ``text`` (g++ or clang -E output; the
    lines of included headers left out by the markers' enter (1) and return (2) flags),
    numbers by value (_number), each with the line the markers give it; g++'s
    ``double ( number )`` becomes the number. The candidate cannot write a marker
    (compiler_test refuses line directives), and a raw string's lines are not markers."""
    out, depth, line = [], 0, 1
    for m in _PP_TOKEN.finditer(text):
        if m.group("nl"):
            line += 1
        elif m.group("marker"):
            parts = m.group("marker").split()
            flags = [f for f in parts[2:] if f.isdigit()]
            depth = depth + 1 if "1" in flags else max(0, depth - 1) if "2" in flags else depth
            line = int(parts[1]) - 1  # the marker's own newline comes next
        elif depth == 0:
            tok = m.group("tok")
            out.append((tok, line))
            line += tok.count("\n")

    def number(tok):
        return tok[0].isdigit() or (tok[0] == "." and len(tok) > 1)
    i, res = 0, []
    while i < len(out):
        tok = out[i][0]
        if (tok == "double" and i + 3 < len(out) and out[i + 1][0] == "(" and number(out[i + 2][0])
                and out[i + 3][0] == ")"):  # g++'s double(...L) limits: the double they are
            res.append((_number(out[i + 2][0].rstrip("lL")), out[i + 2][1]))
            i += 4
            continue
        res.append((_number(tok) if number(tok) else tok, out[i][1]))
        i += 1
    return res


class _Phases:
    """The runner's message sequence for ``n`` cases (the ``check`` of sandbox.run):
    phase "baseline", phase "candidate", "call" 0 .. n-1, "probe" and "probe_call" (with
    ``probe``: before its inputs' generation, before the candidate's call), then "done";
    anything else is a forgery. ``calls`` counts the candidate calls begun before the
    probe."""

    def __init__(self, n: int, probe: bool = False):
        self.order = [{"event": "phase", "side": "baseline"}, {"event": "phase", "side": "candidate"},
                      *({"event": "call", "index": i} for i in range(n)),
                      *([{"event": "probe"}, {"event": "probe_call"}] if probe else []), {"event": "done"}]
        self.n = n
        self.probe = probe
        self.seen = 0

    @property
    def in_candidate(self) -> bool:
        return self.seen >= 2

    @property
    def in_probe(self) -> bool:
        """The probe began and did not finish."""
        return self.probe and self.seen in (self.n + 3, self.n + 4)

    @property
    def in_probe_call(self) -> bool:
        """The candidate's probe call began (its inputs were generated) and did not finish."""
        return self.probe and self.seen == self.n + 4

    @property
    def done(self) -> bool:
        return self.seen == len(self.order)

    @property
    def calls(self) -> int:
        return max(0, min(self.seen, 2 + self.n) - 2)

    def __call__(self, m: dict) -> str:
        if self.seen < len(self.order) and m == self.order[self.seen]:
            self.seen += 1
            return ""
        return f"an unexpected race-runner message {m!r}"


def _detector_compilers(tools: Tools, march: str) -> tuple[_DetectorCompiler, _DetectorCompiler, Path]:
    """(clang++ with the detector's flags, the same with the precompiled prelude, the
    folder holding the prelude header), building the precompiled prelude once."""
    pch_dir, pch, _ = _prelude(tools, march)
    plain = _DetectorCompiler(tools.clang, tools.version, march, march, "",
                              tuple(tools.base_flags(march)))
    with_pch = _DetectorCompiler(tools.clang, tools.version, march, march, "",
                                 plain.detector_flags + (("-include-pch", pch) if pch else ()))
    return plain, with_pch, pch_dir


# The detector's runtime calls the compiler emits into every instrumented object
# (memory accesses, function entry and exit, atomics, vtable updates) and clang's OpenMP
# entry points (libomp's __kmpc_*): the candidate's detector build may import these.
_EMITTED = re.compile(r"__tsan_(?:init|func_entry|func_exit|(?:unaligned_)?(?:read|write)\d+|(?:read|write)_range"
                      r"|volatile_(?:read|write)\d+|atomic\d*_\w+|atomic_(?:thread|signal)_fence"
                      r"|vptr_(?:update|read)|mem(?:cpy|set|move))|__kmpc_\w+")
_LDD_LIB = re.compile(r"=>\s*(/\S+)")
_LOADER = re.compile(r"^\s*(/\S*ld-linux\S*)", re.M)  # the dynamic loader: the same in both processes
_LINKER_NAMES = frozenset({"_edata", "_end", "__bss_start", "_init", "_fini"})  # every shared object's
# the timed build's shared libraries (what g++ links a candidate against)
_TIMED_LIBS = ("libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libgomp.so.1")


def _exports(path: str) -> set[str]:
    """The dynamic symbols a trusted library or executable defines (nm -D), unversioned."""
    out = subprocess.run(["nm", "-D", "--defined-only", "--without-symbol-versions", path],
                         capture_output=True, text=True)
    return {ln.split()[-1] for ln in out.stdout.splitlines() if len(ln.split()) >= 3}


# C library functions the screen allows that read or write the memory they are given:
# the detector sees those accesses only where its runtime intercepts the function
# (__memcpy_chk, for one, is not: a race through it was judged correct, 2026-12-04)
_POINTER_LIBC = re.compile(r"__\w+_chk|mem\w+|str\w+|stp\w+|[ejn]rand48|rand_r|qsort\w*|bsearch|v?sn?printf"
                           r"|\w*sscanf|ato\w+|__isoc\d*_\w+|__strto\w+")


@lru_cache(maxsize=4)
def _runner_exports(runner: str) -> frozenset:
    """The race runner's dynamic symbols: ThreadSanitizer's interceptors among them."""
    return frozenset(_exports(runner))


@lru_cache(maxsize=4)
def _detector_only(runner: str, archer: str, gxx: str) -> frozenset:
    """The dynamic symbols that the detector's process offers and the timed one does
    not: what the race runner exports (ThreadSanitizer's runtime is linked into it: its
    Annotate*, __sanitizer_* and __tsan_* interface and its interceptors), and what the
    libraries it loads (libomp) and Archer export, less what the timed build's libraries
    (``gxx``'s libc, libm, libstdc++, libgcc_s, libgomp; the loader) export, which bind
    alike in both, C++ names and the linker's own symbols. Trusted files: run directly."""
    ldd = subprocess.run(["ldd", runner], capture_output=True, text=True).stdout
    offered = set().union(*(_exports(x) for x in [runner, archer, *_LDD_LIB.findall(ldd)]))
    timed = [subprocess.run([gxx, f"-print-file-name={lib}"], capture_output=True, text=True).stdout.strip()
             for lib in _TIMED_LIBS] + _LOADER.findall(ldd)
    timed_exports = set().union(*(_exports(x) for x in timed if os.path.isabs(x)))
    # C++ names there are libstdc++ templates Archer instantiated, which behave alike
    return frozenset(x for x in offered - timed_exports if not x.startswith("_Z") and x not in _LINKER_NAMES)


def detector_symbols(obj: str, runner: str, tools: Tools, gxx: str, sandboxed: bool) -> str:
    """Why the candidate's detector build ``obj`` (a shared object) reaches the detector
    itself or goes around it, "" if it does neither: a C library function it imports
    that accesses its memory unseen (_POINTER_LIBC, not intercepted by the runner); a
    dynamic symbol it defines or imports that only the detector's process offers
    (_detector_only), other than the calls the compiler emits (_EMITTED). A definition there binds the candidate's own calls to the detector's
    (the runner, loaded first, interposes): an empty `AnnotateIgnoreWritesBegin` of its
    own is what the timed build runs, ThreadSanitizer's, which stops recording the
    thread's writes, is what the detector's runs, and a race goes unseen. nm reads the
    untrusted object in the sandbox when ``sandboxed``. Raises HarnessError if it cannot."""
    parts = screen.read_object('set -e; nm -D --defined-only --without-symbol-versions "$1"; echo @@; '
                               'nm -D --undefined-only --without-symbol-versions "$1"', obj, 2, sandboxed,
                               "the detector's candidate object")
    only = _detector_only(runner, tools.archer, gxx)
    defined, used = ({ln.split()[-1] for ln in part.splitlines() if ln.strip()} for part in parts)
    unseen = sorted(x for x in used if _POINTER_LIBC.fullmatch(x) and x not in _runner_exports(runner))
    if unseen:
        return (f"the candidate calls {', '.join(unseen[:3])}, which accesses the memory it is given where the race "
                "detector does not see it (its runtime does not intercept it): it cannot be shown race-free")
    bad = sorted(defined & only) + sorted(x for x in used & only if not _EMITTED.fullmatch(x))
    if not bad:
        return ""
    how = "defines" if bad[0] in defined else "calls"
    return (f"the candidate {how} {', '.join(bad[:3])}, which the race detector's runtime provides: "
            "its calls would reach the detector, not its own code")


def _build_objects(problem: Problem, source: str, tools: Tools, march: str,
                   sandboxed: bool) -> tuple[list[str], str, str, float]:
    """([driver, baseline, candidate] detector objects, why not ("" if built), the
    compiler's trimmed diagnostics when it was the candidate that did not build (""
    otherwise), seconds)."""
    t0 = time.monotonic()
    plain, with_pch, pch_dir = _detector_compilers(tools, march)
    seconds = time.monotonic() - t0
    prelude = toolchain.prelude_text("omp")
    driver_tu = f'#line 1 "driver.cpp"\n{problem.source("driver.cpp")}'
    base_tu = toolchain.candidate_tu(problem, extract_candidate(problem.source("baseline.cpp"),
                                                                problem.function), "omp")
    cand_tu = toolchain.candidate_tu(problem, source, "omp")
    paths = []
    scalarizing = replace(with_pch, opt=tools.opt)
    for what, tu, trusted in (("driver", driver_tu, True), ("baseline", base_tu, True),
                              ("candidate", cand_tu, False)):
        comp = {"driver": plain, "baseline": with_pch}.get(what, scalarizing)
        key = toolchain.content_key("race-" + what, tu, prelude, problem.folder_hash, " ".join(comp.flags("omp")),
                                    tools.version, comp.opt and SCALARIZED_PIPELINE)
        incl = [pch_dir] + ([problem.path, toolchain.INCLUDE_DIR] if trusted else [])
        b = toolchain._compile(tu, key, comp, "omp", incl, sandboxed=sandboxed and not trusted)
        seconds += b.seconds
        if not b.ok:
            first = next((ln for ln in b.diagnostics.splitlines() if "error" in ln),
                         (b.diagnostics.splitlines() or ["?"])[0])
            return [], f"clang++ cannot build the {what} ({first.strip()[:300]})", \
                (b.diagnostics if what == "candidate" else ""), seconds
        paths.append(b.path)
    return paths, "", "", seconds


_INCLUDE = re.compile(r"^[ \t]*(?:#|%:)[ \t]*(?:include|include_next|import)\b.*$", re.M)
_CONDITION = re.compile(r"^[ \t]*(?:#|%:)[ \t]*(?:if|ifdef|ifndef|elif|elifdef|elifndef)\b(.*)$", re.M)
_DEFINE = re.compile(r"^[ \t]*(?:#|%:)[ \t]*define[ \t]+([A-Za-z_]\w*)(.*)$", re.M)
_IDENT = re.compile(r"[A-Za-z_]\w*")


@lru_cache(maxsize=256)
def _preprocessed(comp: toolchain.Compiler, flags: tuple, tu: str, include: Path, sandboxed: bool,
                  macros: bool = False) -> str | None:
    """``comp``'s preprocessed ``tu`` with ``flags`` and ``include`` on the include path
    (``macros``: the macro definitions in force at its end instead, -dM), or None when
    it fails; run like a compile (sandboxed: the source is the candidate's)."""
    work = Path(tempfile.mkdtemp(prefix="pp-", dir=cache_root()))
    try:
        (work / "tu.cpp").write_text(tu)
        argv = [comp.path, *flags, "-I", str(include), "-E", *(["-dM"] if macros else []), "-o", "tu.i", "tu.cpp"]
        out = toolchain.run_tool(argv, comp, work, [str(include)], sandboxed)
        if out.returncode != 0 or not (work / "tu.i").exists():
            return None
        return (work / "tu.i").read_text(errors="replace")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _definitions(text: str | None) -> dict[str, str]:
    """-dM output -> {macro name: its definition after the name}."""
    return {m.group(1): m.group(2).strip() for m in _DEFINE.finditer(text or "")}


def _bare(source: str) -> str:
    """The candidate's code as same_code and hidden_code preprocess it: its own lines
    (numbered from 1 in candidate.cpp) without its #include lines."""
    return '#line 1 "candidate.cpp"\n' + _INCLUDE.sub("", source)


def _gpp(comp: toolchain.Compiler) -> tuple[toolchain.Compiler, tuple, Path]:
    """(g++, its compile flags in omp mode, its prelude folder): the g++ side of
    :func:`_preprocessed` for same_code and hidden_code (one cached result for both)."""
    return comp, tuple(comp.compile_flags("omp")), toolchain.prelude_dir(comp, "omp")[0]


def same_code(problem: Problem, source: str, comp: toolchain.Compiler, tools: Tools, march: str,
              sandboxed: bool) -> str:
    """Whether g++ (``comp``, the timed build's compiler and flags) and the detector's
    clang++ make the same code of ``source`` (the candidate's extracted code), in two
    parts. (1) Both preprocess it without its #include lines (no header, no prelude), and
    the tokens are compared, numbers by value (_canonical): what the compilers define
    themselves is expanded (``__GNUG__ - 4`` is 8 to g++ and 0 to clang, however it is
    spelt: pasted with ``##``, behind a macro of the candidate's), and so is every
    ``#if`` the candidate writes, ``__has_include`` and ``__has_builtin`` too; what the
    headers define stays a name, so intrinsics (functions to g++, macros to clang),
    ``assert`` and the limits compare equal. (2) The header macros its conditions use
    (#if, #ifdef, #elif ..., also through its own #defines) must be defined alike by
    both compilers' headers (the prelude and its own includes, -dM): ``#ifdef
    _MM_HINT_T0`` (a macro to clang, an enum to g++) is a compiler test. Line
    directives, which could hide code from (1), are refused before (compiler_test).
    Returns the first difference in one line, "" when the code is the same (or when
    neither compiler could preprocess it: the build reports that)."""
    plain, _, pch_dir = _detector_compilers(tools, march)
    sides = (_gpp(comp), (plain, tuple(plain.compile_flags("omp")), pch_dir))
    bare = _bare(source)
    code = code_text(source)
    headers = f'#include "{toolchain.PRELUDE_NAME}"\n' + "".join(
        sorted({m.group(0).strip() + "\n" for m in _INCLUDE.finditer(code)}))
    with ThreadPoolExecutor(4) as pool:  # the -dM ones are cached: the same few includes recur
        jobs = [pool.submit(_preprocessed, c, f, tu, d, sandboxed, dm)
                for tu, dm in ((bare, False), (headers, True), ("", True)) for c, f, d in sides]
        g, c = jobs[0].result(), jobs[1].result()
        gdefs, cdefs, gpre, cpre = (_definitions(j.result()) for j in jobs[2:])
    if g is None and c is None:
        return ""
    if g is None or c is None:
        return f"only {'clang++' if g is None else 'g++'} can preprocess the candidate's code without its headers"
    a, b = _canonical(g), _canonical(c)
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x[0] != y[0]), min(len(a), len(b)))
    if not n == len(a) == len(b):
        def show(toks):
            return " ".join(t for t, _ in toks[max(0, n - 3):n + 4]).strip() or "(end)"
        line = (a[n] if n < len(a) else b[n])[1]
        return (f"g++ and the race detector's clang++ preprocess the candidate to different code "
                f"(line {line}: g++ `{show(a)}`, clang++ `{show(b)}`)")
    own = {m.group(1): m.group(2) for m in _DEFINE.finditer(code)}
    names, todo = set(), [n for m in _CONDITION.finditer(code) for n in _IDENT.findall(m.group(1))]
    while todo:  # the conditions' names, and through the candidate's own macros theirs
        name = todo.pop()
        if name not in names:
            names.add(name)
            todo += _IDENT.findall(own.get(name, ""))
    # the compilers' own macros were expanded in (1): what the headers add is compared here
    for name in sorted(names - set(own) - set(gpre) - set(cpre)):
        if gdefs.get(name) != cdefs.get(name):
            def said(d):
                return "do not define it" if d is None else f"define it as `{d[:60]}`"
            return (f"its preprocessor conditions use {name}, and g++'s headers {said(gdefs.get(name))} "
                    f"while clang++'s {said(cdefs.get(name))}")
    return ""


_LINE_MARKER = re.compile(r"^#\s*(?:line\b|\d).*$", re.M)


def hidden_code(source: str, comp: toolchain.Compiler, sandboxed: bool) -> str:
    """compiler_test of ``source``'s code as g++ (``comp``) preprocesses it without its
    #include lines (same_code's first part, cached; line markers dropped, pragmas kept):
    the first compiler test or detector blind spot that only macro expansion shows (a name
    pasted with ##, ``_Pragma("clang attribute push(...no_sanitize...)")``), "" if none."""
    gpp, flags, include = _gpp(comp)
    text = _preprocessed(gpp, flags, _bare(source), include, sandboxed)
    return compiler_test(_LINE_MARKER.sub("", text)) if text else ""


def _probe_size(problem: Problem, size: int, cases: list, memory: int) -> tuple[int, str]:
    """(the probe's size, 0 for none; why it is not the timed ``size``, "" when it is).
    None when the timed size is one of the ``cases``' sizes. The probe's data must fit
    the detector's ``memory`` (bytes): PROBE_MEMORY_FACTOR x the problem's compulsory
    bytes (harness.measure.work, with every generated count taken as the size; a
    problem without a model is probed at the timed size, and the memory limit stops a
    probe that does not fit); when the timed size's do not, the probe takes the largest
    size above the cases' that fits (bisection: the bytes grow with the size)."""
    low = max(s for s, _ in cases)
    if size <= low:
        return 0, f"none: the timed size {size} is a validation size"
    try:
        work = roofline.work_of(problem)

        def nbytes(n: int) -> float:
            # counts the driver generates (nonzeros, the arrays' lengths) taken as the size:
            # exact for 39_search_xor_contains's two arrays, low for a sparse matrix's nonzeros
            return float(work.bytes_at(n, {name: n for name in work.counts})) if work else 0.0
        full = nbytes(size)
        if PROBE_MEMORY_FACTOR * full <= memory:
            return size, ""
        fits, over = low, size
        while over - fits > 1:
            mid = (fits + over) // 2
            fits, over = (mid, over) if PROBE_MEMORY_FACTOR * nbytes(mid) <= memory else (fits, mid)
    except (ValueError, KeyError, NameError, ZeroDivisionError, OverflowError, TypeError):
        return size, ""
    why = f"the timed size's data ({full / 2**20:.0f} MiB) would not fit the detector's {memory >> 20} MiB"
    return (0, f"none: {why}") if fits == low else (fits, f"at size {fits}: {why}")


def check(problem: Problem, source: str, size: int, cpus: list, seed: int, comp: toolchain.Compiler,
          sandboxed: bool, timeout_factor: float, timeout_min_s: float, eval_workers: int = 1,
          memory_bytes: int | None = None) -> RaceCheck:
    """Runs the race check of one omp candidate (its extracted ``source``) for
    ``problem``; ``size`` is the timed size, ``cpus`` the CPUs granted (the runner uses
    as many threads, at least 2), ``comp`` the timed build's g++ (its flags and
    ``march``). Returns a RaceCheck; every failure of the candidate or of the tools is a
    status, never an exception: "rejected" for a source that tests which compiler builds
    it (by name, or seen in its preprocessed code: same_code) or would hide accesses
    from the detector (compiler_test; detector_symbols: its build reaches the detector's
    runtime), "compile_error" when
    clang++ cannot build the candidate (omp candidates must build with both compilers:
    otherwise a line only g++ accepts would turn the check off). Raises HarnessError only
    when binutils cannot read the detector's candidate object, as the screen does."""
    test = compiler_test(source)
    if test:
        return RaceCheck("rejected", why=f"the candidate tests which compiler builds it, or hides code from the "
                                         f"race detector ({test}): the detector's clang build could run other "
                                         "code than the timed g++ one, or not see its memory accesses")
    tools = find_tools()
    if isinstance(tools, str):
        return RaceCheck("unavailable", why=tools)
    march = comp.march
    runner, why, compile_s = _runner(tools, march)
    if why:
        return RaceCheck("unavailable", why=why, compile_s=compile_s)
    t0 = time.monotonic()
    differs = same_code(problem, source, comp, tools, march, sandboxed)
    compile_s += time.monotonic() - t0
    if differs:
        return RaceCheck("rejected", why=differs + ": a source that builds other code for the race detector "
                                                   "than for the timed build", compile_s=compile_s)
    test = hidden_code(source, comp, sandboxed)
    if test:
        return RaceCheck("rejected", why=f"the candidate's code, once its macros are expanded, tests which compiler "
                                         f"builds it, or hides code from the race detector ({test})",
                         compile_s=compile_s)
    objs, why, diagnostics, s = _build_objects(problem, source, tools, march, sandboxed)
    compile_s += s
    if diagnostics:
        return RaceCheck("compile_error", why=CLANG_ERROR, diagnostics=diagnostics, compile_s=compile_s)
    if why:
        return RaceCheck("unavailable", why=why, compile_s=compile_s)
    t0 = time.monotonic()
    reaches = detector_symbols(objs[2], runner, tools, comp.path, sandboxed)
    compile_s += time.monotonic() - t0
    if reaches:
        return RaceCheck("rejected", why=reaches, compile_s=compile_s)
    unseen = unseen_accesses((Path(objs[2]).parent / "ir.ll").read_text(errors="replace"))
    if unseen:
        return RaceCheck("rejected", compile_s=compile_s, why=(
            f"the candidate accesses memory in a way the race detector does not see ({unseen}; it sees loads and "
            "stores of 1, 2, 4, 8 and 16 bytes, not masked, gather, scatter or other intrinsic ones): it cannot "
            "be shown race-free"))
    cases = race_cases(problem, size, seed)
    threads = max(2, len(cpus))
    pids, memory = topology.worker_limits(threads, eval_workers)
    memory = min(memory_bytes or memory, RACE_MEMORY)
    nonce = secrets.token_hex(16)
    opts = {"halt_on_error": 1, "exitcode": RACE_EXIT, "ignore_noninstrumented_modules": 1,
            "history_size": history_size(threads), "report_thread_leaks": 0, "report_signal_unsafe": 0, "detect_deadlocks": 0,
            "external_symbolizer_path": tools.symbolizer, "hard_rss_limit_mb": memory >> 20,
            "suppressions": os.path.join(os.path.dirname(runner), "tsan.supp")}
    env = sandbox.clean_env({"OMP_NUM_THREADS": str(threads), "OMP_DYNAMIC": "false",
                             "OMP_WAIT_POLICY": "passive", "OMP_TOOL_LIBRARIES": tools.archer,
                             "TSAN_OPTIONS": " ".join(f"{k}={v}" for k, v in opts.items())})
    probe_size, note = _probe_size(problem, size, cases, memory)
    probe = [probe_size, seed + 200 + RACE_SEEDS + 1] if probe_size else [0, 0]
    where = f" ({note})" if probe_size and note else ""
    job = (f"{nonce}\n{timeout_factor!r} {max(timeout_min_s, MIN_CALL_S)!r}\n{probe[0]} {probe[1]} {PROBE_S!r}\n"
           + "".join(f"{s} {sd}\n" for s, sd in cases))
    phases = _Phases(len(cases), probe=bool(probe[0]))
    out = sandbox.run([runner, *objs], sandboxed=sandboxed,
                      ro=sorted({os.path.dirname(p) for p in (runner, *objs)}), env=env,
                      limits=sandbox.Limits(memory_bytes=memory, pids=pids + 2, cpus=tuple(cpus),
                                            address_space=False),
                      stdin_bytes=job.encode(), timeout_s=RUN_TIMEOUT_S, protocol=True, nonce=nonce,
                      max_wall_s=10 * RUN_TIMEOUT_S, tail_bytes=1 << 16, check=phases)
    res = RaceCheck("clean", compile_s=compile_s, run_s=out.wall_s, probe="" if probe_size else note)
    kind, report = trim_report(out.stderr_tail)
    if out.forged:
        res.status, res.why = "rejected", (f"the race runner's private pipe carried a message it did not send "
                                           f"({out.forged}): an attempt to forge the race check")
    elif phases.done and out.returncode == 0:
        res.probe = res.probe or f"finished{where}"
    elif phases.in_probe_call and out.out_of_memory and not report:
        # memory the timed build has and the detector does not: a racy loop behind a
        # large allocation above the validation sizes would otherwise go unseen
        res.status, res.probe = "runtime_error", "out of memory" + where
        res.why = (f"the candidate ran out of the race detector's {memory >> 20} MiB at size {probe[0]}, above "
                   f"the validation sizes (the probe, whose size leaves {PROBE_MEMORY_FACTOR} x the problem's "
                   "compulsory bytes); omp candidates must run under the detector there, or they cannot be "
                   "shown race-free")
    elif phases.in_probe and not (report and out.returncode == RACE_EXIT):
        # the validation sizes were clean; the probe only adds what it saw in its time
        res.probe = (f"stopped after {PROBE_S:g} s without a report" if out.timed_out else
                     f"unavailable: it ended with exit code {out.returncode}"
                     + (" (out of memory)" if out.out_of_memory else "")) + where
    elif report and out.returncode == RACE_EXIT and phases.in_probe:
        res.status, res.report, res.size, res.seed, res.probe = "race", report, probe[0], probe[1], "race" + where
        res.why = (f"ThreadSanitizer found a {kind} in the candidate at "
                   + ("the timed size" if probe[0] == size else f"size {probe[0]}, above the validation sizes")
                   + " (report below)")
    elif report and out.returncode == RACE_EXIT and phases.in_candidate:
        res.status, res.report = "race", report
        res.why = f"ThreadSanitizer found a {kind} in the candidate (report below)"
        # the case of the call that was running (its static constructors: the first)
        res.size, res.seed = cases[max(0, phases.calls - 1)]
    elif report and out.returncode == RACE_EXIT:
        res.status = "unavailable"
        res.why = f"the detector reported a {kind} in the problem's own driver or baseline"
    elif out.timed_out and phases.in_candidate:
        # at a validation size, max(5 s, 10 x the baseline's time under the detector)
        res.status, res.why = "timeout", (f"the candidate did not finish under the race detector before its "
                                          f"deadline{UNCHECKED}")
    elif out.timed_out:
        res.status, res.why = "unavailable", "the race runner did not finish before its deadline"
    else:
        lines = [ln.strip() for ln in out.stderr_tail.splitlines() if ln.strip()]
        said = [ln for ln in lines if "ThreadSanitizer" in ln or "race_runner" in ln] or lines
        ended = (f"ended with exit code {out.returncode}"
                 + (f" (out of the detector's {memory >> 20} MiB)" if out.out_of_memory else "")
                 + " under the race detector" + (f": {said[-1][:300]}" if said else ""))
        if phases.in_candidate:
            res.status, res.why = "runtime_error", f"the candidate {ended}{UNCHECKED}"
        else:
            res.status, res.why = "unavailable", f"the race runner {ended}"
    return res


def record(res, rc: RaceCheck) -> bool:
    """Puts ``rc`` into the evidence of ``res`` (an EvalResult): ``race_check`` ("clean",
    or "unavailable: <reason>") and ``race_check_s`` (compile and run seconds); for a
    race also ``race`` (the trimmed report), ``why``, ``size``, ``seed`` and ``phase``,
    with the status ``incorrect``; for a rejection the status ``rejected`` and ``why``;
    when clang++ cannot build the candidate the status ``compile_error``, ``why`` and
    its ``diagnostics``. Returns True when this decides the verdict. A candidate that
    failed under the detector (``race_check`` "timeout: ..." or "runtime_error: ...") is
    validated first, so its own failure there is what it is told; see ``unchecked``."""
    res.evidence["race_check_s"] = {"compile_s": round(rc.compile_s, 3), "run_s": round(rc.run_s, 3)}
    if rc.probe:
        res.evidence["race_check_probe"] = rc.probe
    if rc.status == "clean":
        res.evidence["race_check"] = "clean"
        return False
    if rc.status in ("unavailable", "timeout", "runtime_error"):
        res.evidence["race_check"] = f"{rc.status}: {rc.why}"
        return False
    res.evidence["race_check"] = rc.status
    res.status = {"race": "incorrect", "compile_error": "compile_error"}.get(rc.status, "rejected")
    res.evidence["why"] = rc.why + (f":\n{rc.report}" if rc.report else "")
    if rc.status == "compile_error":  # the diagnostics say whose: the lessons show them alone
        res.evidence["diagnostics"] = f"{rc.why}:\n{rc.diagnostics}"
    if rc.status == "race":
        res.evidence.update({"race": rc.report, "size": rc.size, "seed": rc.seed, "phase": "race check"})
    return True


def unchecked(res) -> str:
    """"timeout" or "runtime_error" when ``res``'s race check found the candidate failing
    under the detector at a validation size, else "". evaluate() then validates it
    without timing, and a candidate whose outputs are correct gets that status (see
    settle): it cannot be shown race-free (UNCHECKED)."""
    status = res.evidence.get("race_check", "").split(":", 1)[0]
    return status if status in ("timeout", "runtime_error") else ""


def settle(res) -> None:
    """Gives a validated ``res`` whose outputs were correct but whose race check failed
    (``unchecked``) that status, with the race check's reason as ``why``."""
    status = unchecked(res)
    if status and res.status == "correct":
        res.status = status
        res.evidence["why"] = res.evidence["race_check"].split(": ", 1)[1]


def apply(problem: Problem, source: str, res, size: int, cpus: list, sandboxed: bool, cfg,
          comp: toolchain.Compiler) -> bool:
    """The race check of evaluate(): runs ``check`` for the candidate's extracted
    ``source`` with the evaluation's settings (``cfg``, an EvalConfig: seed, timeouts,
    workers, memory) and g++ (``comp``) and records it in ``res`` (see ``record``). Returns True
    when it decides the verdict (a race: incorrect; a rejection)."""
    rc = check(problem, source, size, cpus, cfg.seed, comp, sandboxed, cfg.timeout_factor,
               cfg.timeout_min_s, cfg.eval_workers, cfg.memory_bytes)
    return record(res, rc)
