"""Data races found, not guessed: every omp-mode candidate also runs under a race detector.

Output comparison catches a data race only when the threads happen to collide (a
``#pragma omp parallel for`` writing ``mask[i]`` of a ``std::vector<bool>`` races on
the words neighbouring bits share, and usually still gives the right answer). So in omp
mode a candidate that built and passed the screen is also compiled with clang++
``-fsanitize=thread -fopenmp`` (ThreadSanitizer with LLVM's OpenMP runtime, libomp,
whose Archer tool tells ThreadSanitizer about OpenMP's barriers, locks, reductions and
tasks; GCC's libgomp is not annotated and gives false positives), together with the
problem's baseline, from the same translation units as the g++ builds
(harness.measure.toolchain: prelude, ``#line``, glue; the driver with libomp but not
instrumented). The race runner (``cpp/race_runner.cpp``) runs, in the sandbox like every
candidate process and in the timed runners' environment (harness.measure.omp_env), the
baseline (once per batch: BaselineRun) and then, in a process of its own, the candidate
on RACE_SEEDS fresh inputs
of the largest validation size up to the timed size and one on a middle validation size,
every input's seed keyed by the evaluation's input key (keyed_seed), then the probe
(probe_plan, PROBE_BUDGET_S): the candidate at the largest size up to the timed size that
the detector's memory and the baseline's time there allow, PROBE_CALLS times, and once at
a drawn size. A probe that does not reach the timed size or finish is "partial", never
"clean" (``--race-check strict`` rejects it). At least two OpenMP threads (also on one
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
README ("Data races") and docs/methodology/races.md.
"""

from __future__ import annotations

import fcntl
import glob
import os
import re
import secrets
import shutil
import struct
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from ..core.fsutil import atomic_write, cache_root
from . import omp_env, roofline, sandbox, screen, toolchain, topology
from .extract import extract_candidate
from .suite import ROOT, Problem

RUNNER_SOURCE = ROOT / "cpp" / "race_runner.cpp"
RACE_SEEDS = 2  # inputs of the largest race size; one more of a middle size
RACE_EXIT = 66  # the detector's exit code after a report (TSAN_OPTIONS exitcode)
RUN_TIMEOUT_S = 120.0  # the runner's watchdog between messages (the baseline's part)
MIN_CALL_S = 5.0  # shortest deadline of one candidate call under the detector
# The probe: the candidate above the validation sizes, up to the timed size, so that code
# going parallel only there (`if (n > 1000000)`, a threshold an honest candidate may have
# too) is seen parallel. The baseline first runs a ladder of sizes (probe_plan) up to the
# largest that fits the detector's memory, each while its time there, scaled from its
# last call by the work model, stays within PROBE_BUDGET_S (s); then the candidate runs
# PROBE_CALLS calls at the size reached, fresh keyed inputs each (a race used from the
# second call at a size went unseen with one), and one at a size drawn per evaluation
# between the validation sizes and that size, each with max(MIN_CALL_S, timeout_factor x
# the baseline's time at the size reached). A probe that does not reach the timed size or
# finish is "partial", never "clean" (issue 39: a race reached only after 2 s of the
# probe's call, or only above its memory cap, went unseen).
PROBE_BUDGET_S = 60.0
PROBE_CALLS = 2
LADDER_STEP = 4  # integer sizes: each ladder size is this times the one before
LADDER_STEPS = 4  # at most this many ladder sizes
# A probe needs about this many times its problem's compulsory bytes: the driver keeps a
# pristine copy of the inputs, and the detector's shadow memory is 4x what it watches
# (27_reduce_average at 48 M doubles, 384 MB of inputs, ran out of 2 GiB; at 6 M it ran).
PROBE_MEMORY_FACTOR = 12
# Bytes of the detector's memory the probe's data may not use: the runtime, libraries
# and the threads' stacks (the access history, HISTORY_BYTES at most, is counted apart).
RUNTIME_BYTES = 512 << 20
# The detector's variables: read by ThreadSanitizer and libomp when the runner starts,
# then removed by the runner (cpp/race_runner.cpp kDetectorEnv), so the candidate sees the
# timed runners' environment (harness.measure.omp_env); OMP_WAIT_POLICY=passive, which
# the timed runners do not have, is gone (2026-12-06). A race between two threads is
# missed when one starts its part of a parallel region after the other has finished its
# part (seen under load; the runner wakes the team right before every call, see
# cpp/race_runner.cpp run_case, and docs/methodology/races.md has the figures).
DETECTOR_ENV = ("TSAN_OPTIONS", "OMP_TOOL_LIBRARIES")
# The domain of the race check's nominal seeds (their inputs' seeds are SipHash-2-4 of
# them under the evaluation's input key, as the timed calls', cpp/include/harness/seeds.hpp input_seed):
# ASCII "race" in the high half keeps them apart from the timed calls' nominal seeds.
SEED_DOMAIN = 0x72616365 << 32
REPORT_LINES = 14  # lines of the trimmed report
PARTIAL_FLAG = "race check partial"  # EvalResult.flags of a candidate judged despite a partial check
# Why a candidate that fails under the detector at a validation size is not judged on its
# outputs alone: a candidate that allocated 4 GB once was killed by the detector's 2 GiB,
# and its race went unseen (2026-12-04). Honest code at those sizes needs little memory
# and time, even under the detector.
UNCHECKED = "; omp candidates must run under the detector at the validation sizes, or they cannot be shown race-free"
CLANG_ERROR = (
    "clang++, the race detector's compiler, cannot build the candidate (omp candidates must "
    "build with clang++ too: the race check runs its clang build)"
)
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
    r"|\b(__GNUC\w*|_OPENMP)\s*(==|!=|<=|>=|<|>)|(==|!=|<=|>=|<|>)\s*(__GNUC\w*|_OPENMP)\b"
)
# A line directive (#line, or a GNU line marker `# 1 "file" 1`, also spelt with the %:
# digraph) in the candidate's code: it would tell the comparison of the preprocessed
# code (same_code) that what follows is a header's, which is not compared.
_LINE_DIRECTIVE = re.compile(r"^[ \t]*(?:#|%:)[ \t]*(?:line\b|\d)", re.M)
# Comments and literals, which no test of the compiler can hide in
_NOT_CODE = re.compile(
    r"""//[^\n]*|/\*.*?\*/
                           |(?:u8|[uUL])?R"([^ ()\\\t\n]*)\(.*?\)\1"
                           |(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""",
    re.S | re.X,
)


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
        return [
            "-std=c++17",
            "-O1",
            "-gline-tables-only",
            "-fsanitize=thread",
            "-fopenmp=libomp",
            f"-march={march}",
            "-fPIC",
        ]


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
        return ["-shared", *(f for f in ("-fsanitize=thread",) if f in self.detector_flags), "-fopenmp=libomp"]

    def build_steps(self, compile_argv: list[str], mode: str) -> list[list[str]]:
        """With ``opt``: clang's unoptimised IR (its functions marked for the detector),
        then opt with SCALARIZED_PIPELINE to ``ir.ll`` (kept: unseen_accesses reads it),
        then clang's code generation of that IR, then the link."""
        if not self.opt:
            return super().build_steps(compile_argv, mode)
        return [
            compile_argv + ["-Xclang", "-disable-llvm-passes", "-emit-llvm", "-c", "-o", "tu.bc", "tu.cpp"],
            [self.opt, f"-passes={SCALARIZED_PIPELINE}", "-scalarize-load-store", "-S", "-o", "ir.ll", "tu.bc"],
            [
                self.path,
                "-O1",
                "-fPIC",
                f"-march={self.march}",
                "-Xclang",
                "-disable-llvm-passes",
                "-c",
                "-o",
                "obj.o",
                "ir.ll",
            ],
            [self.path, *self.link_flags(mode), "-o", "lib.so", "obj.o"],
        ]


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
_SIZES = {"half": 2, "bfloat": 2, "float": 4, "double": 8, "x86_fp80": 10, "fp128": 16, "ppc_fp128": 16, "x86_mmx": 8}
_INTRINSIC_CALL = re.compile(r"\bcall [^@]*@(llvm\.[\w.]+)\(")
_DECLARE = re.compile(r"^declare [^@]*@(llvm\.[\w.]+)\(.*?\)\s*(?:#(\d+))?", re.M)
_ATTRIBUTES = re.compile(r"^attributes #(\d+) = \{(.*)\}", re.M)
_NO_DATA = re.compile(
    r"llvm\.(?:dbg|lifetime|invariant|experimental\.noalias\.scope\.decl|assume|prefetch|"
    r"stacksave|stackrestore|trap|donothing|sideeffect|var\.annotation|mem(?:cpy|move|set)|"
    r"x86\.sse2?\.(?:sfence|lfence|mfence|pause|clflush))\b"
)


def _top_level(text: str) -> list[str]:
    """``text`` split at its commas outside brackets and quotes (an IR operand list)."""
    parts: list[str] = []
    cur: list[str] = []
    depth, quoted = 0, False
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
    if text[i : i + 2] == " (":  # a function type
        i = balanced(i + 1)
    while text[i : i + 1] == "*":
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
    """What the race check found. status: "clean", "race", "partial" (the probe did not
    reach the timed size, for the detector's memory or the baseline's time there, or a
    probe call did not finish: what ran was clean), "rejected" (the source tests
    the compiler, or the runner's protocol was forged), "compile_error" (clang++ cannot
    build the candidate; ``diagnostics`` holds its trimmed messages), "timeout" or
    "runtime_error" (the candidate missed its deadline, or ended, under the detector at a
    validation size, or ran out of its memory in the probe: it cannot be shown race-free) or "unavailable" (the tools, or the
    problem's own code under them);
    why: the reason (all but clean); report: the trimmed detector report (race);
    size/seed: the case whose candidate call was running when the report came (race);
    compile_s/run_s: seconds spent building the detector's objects and running them;
    probe: what became of the probe ("finished: ...", "race", "partial: reached size N of
    the timed S: why", "out of memory", "none: the timed size ... is a validation size";
    "" when the runner did not get that far); reached: the largest size the candidate's
    calls finished at (clean, partial)."""

    status: str
    why: str = ""
    diagnostics: str = ""
    report: str = ""
    size: int | None = None
    seed: int | None = None
    compile_s: float = 0.0
    run_s: float = 0.0
    probe: str = ""
    reached: int = 0


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


_PCH_LOCK = threading.Lock()  # _prelude's builders in this process (flock: across processes)


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
        out.mkdir(parents=True, exist_ok=True)
        # one builder at a time (threads of a batch, other processes): clang records the
        # header's mtime in the .pch and refuses it once the header is written again
        with _PCH_LOCK, open(out / ".lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (pch.exists() or failed.exists()):
                header = out / toolchain.PRELUDE_NAME
                if not header.exists():  # the folder is named by the text: it never changes
                    atomic_write(header, text)
                fd, tmp = tempfile.mkstemp(dir=out, suffix=".pch.tmp")
                os.close(fd)
                r = subprocess.run(
                    [tools.clang, *flags, "-x", "c++-header", toolchain.PRELUDE_NAME, "-o", tmp],
                    cwd=out,
                    capture_output=True,
                    text=True,
                )
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
    out = (
        cache_root()
        / "races"
        / ("runner-" + toolchain.content_key(src, SUPPRESSIONS, " ".join(flags), tools.version)[:16])
    )
    exe = out / "race_runner"
    t0 = time.monotonic()
    if not exe.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="runner-", dir=out.parent))
        r = subprocess.run(
            [tools.clang, *flags, str(RUNNER_SOURCE), "-ldl", "-o", str(work / exe.name)],
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            lines = [ln for ln in r.stderr.splitlines() if "error" in ln] or r.stderr.splitlines() or ["?"]
            return "", f"clang++ cannot build the race runner: {lines[0]}", time.monotonic() - t0
        (work / "tsan.supp").write_text(SUPPRESSIONS)
        os.chmod(work, 0o755)
        _publish(work, out)
    return str(exe), "", time.monotonic() - t0


def siphash24(key: str, message: int) -> int:
    """SipHash-2-4 (Aumasson and Bernstein, INDOCRYPT 2012) of one 8-byte ``message``
    (an unsigned 64-bit integer, little-endian) under ``key`` (32 hex digits: k0 then k1,
    16 each, as cpp/judge.cpp reads the evaluation's input key): the judge's input_seed."""
    mask = (1 << 64) - 1
    k0, k1 = int(key[:16], 16), int(key[16:], 16)
    v = [k0 ^ 0x736F6D6570736575, k1 ^ 0x646F72616E646F6D, k0 ^ 0x6C7967656E657261, k1 ^ 0x7465646279746573]

    def rotl(x: int, b: int) -> int:
        return ((x << b) | (x >> (64 - b))) & mask

    def rounds(n: int) -> None:  # SipRound, n times
        for _ in range(n):
            v[0] = (v[0] + v[1]) & mask
            v[1] = rotl(v[1], 13) ^ v[0]
            v[0] = rotl(v[0], 32)
            v[2] = (v[2] + v[3]) & mask
            v[3] = rotl(v[3], 16) ^ v[2]
            v[0] = (v[0] + v[3]) & mask
            v[3] = rotl(v[3], 21) ^ v[0]
            v[2] = (v[2] + v[1]) & mask
            v[1] = rotl(v[1], 17) ^ v[2]
            v[2] = rotl(v[2], 32)

    for block in (message & mask, 8 << 56):  # the message, then its length (8 bytes)
        v[3] ^= block
        rounds(2)
        v[0] ^= block
    v[2] ^= 0xFF
    rounds(4)
    return v[0] ^ v[1] ^ v[2] ^ v[3]


def keyed_seed(key: str, seed: int, i: int) -> int:
    """The inputs' seed of the race check's ``i``-th input: SipHash-2-4 under the
    evaluation's input ``key`` of a nominal seed in SEED_DOMAIN (``seed``: the
    evaluation's first seed), so a candidate cannot know its inputs beforehand."""
    return siphash24(key, (SEED_DOMAIN ^ (seed & 0xFFFFFFFF)) + i)


def race_cases(problem: Problem, size: int, seed: int, key: str) -> list[list[int]]:
    """The [size, seed] cases of the race check: RACE_SEEDS seeds of the largest
    validation size up to ``size`` (the timed size), then one of the middle one (the
    timed size itself when no validation size is that small); seeds keyed (keyed_seed)."""
    sizes = sorted({int(s) for s in problem.validate_sizes if s <= size}) or [size]
    big, mid = sizes[-1], sizes[(len(sizes) - 1) // 2]
    return [[big, keyed_seed(key, seed, i)] for i in range(RACE_SEEDS)] + [[mid, keyed_seed(key, seed, RACE_SEEDS)]]


def probe_memory(memory: int, threads: int) -> int:
    """Bytes of the detector's ``memory`` (the evaluation's memory limit, bytes) the
    probe's data may take with ``threads`` threads: what the runtime (RUNTIME_BYTES) and
    the threads' access history (history_size) leave."""
    return max(0, memory - RUNTIME_BYTES - threads * (256 << 10 << history_size(threads)))


@dataclass
class ProbePlan:
    """The probe of one race check (see PROBE_BUDGET_S). ladder: [size, ratio] ascending,
    up to ``top``, ratio the baseline's expected time there over its time at the largest
    validation size (the work model's FLOP or bytes, whichever grows more; the size ratio
    without a model); calls: [size, seed] of the candidate's probe calls, size 0 for the
    size the ladder reaches; top: the largest size the ladder may reach (0: no probe);
    why: why ``top`` is not the timed size ("" when it is)."""

    ladder: list
    calls: list
    top: int
    why: str


def probe_plan(problem: Problem, size: int, cases: list, memory: int, key: str, seed: int) -> ProbePlan:
    """The probe of a check at timed ``size`` above the validation ``cases``, whose data
    must fit ``memory`` (bytes, probe_memory): PROBE_MEMORY_FACTOR x the problem's
    compulsory bytes (harness.measure.work, every generated count taken as the size; a
    problem without a model is probed at the timed size, and the memory limit stops a
    probe that does not fit); when the timed size's do not, the largest size that fits
    (bisection). The drawn size comes from ``key`` (the evaluation's input key)."""
    low = max(s for s, _ in cases)
    if size <= low:
        return ProbePlan([], [], 0, f"none: the timed size {size} is a validation size")
    try:
        work = roofline.work_of(problem)
    except ValueError:
        work = None

    def amount(n: int) -> tuple[float, float]:  # (bytes, FLOP) at n; (0, 0) without a model
        if not work:
            return 0.0, 0.0
        counts = {name: n for name in work.counts}
        return float(work.bytes_at(n, counts)), float(work.flops_at(n, counts) if work.flops else 0.0)

    top, why = size, ""
    try:
        full = amount(size)[0]
        if PROBE_MEMORY_FACTOR * full > memory:
            fits, over = low, size
            while over - fits > 1:
                mid = (fits + over) // 2
                fits, over = (mid, over) if PROBE_MEMORY_FACTOR * amount(mid)[0] <= memory else (fits, mid)
            top = fits if fits > low else 0
            why = f"the timed size's data ({full / 2**20:.0f} MiB) would not fit the detector's {memory >> 20} MiB"
        if problem.size_names:  # named sizes (PolyBench's datasets): each one above the validation sizes
            sizes = list(range(low + 1, top + 1))
        else:
            sizes = [top]
            while len(sizes) < LADDER_STEPS and sizes[-1] // LADDER_STEP > low:
                sizes.append(sizes[-1] // LADDER_STEP)
            sizes = sorted(sizes) if top else []
        base = amount(low)

        def ratio(n: int) -> float:
            now = amount(n)
            grows = [now[i] / base[i] for i in (0, 1) if base[i] > 0]
            return max(grows) if grows else n / max(low, 1)

        ladder = [[n, ratio(n)] for n in sizes]
    except (ValueError, KeyError, NameError, ZeroDivisionError, OverflowError, TypeError):
        ladder, top, why = [[size, size / max(low, 1)]], size, ""
    if not top:
        return ProbePlan([], [], 0, f"none: {why}")
    drawn = low + 1 + keyed_seed(key, seed, RACE_SEEDS + 1) % (top - low)
    calls = [[0, keyed_seed(key, seed, RACE_SEEDS + 2 + k)] for k in range(PROBE_CALLS)]
    calls.append([drawn, keyed_seed(key, seed, RACE_SEEDS + 2 + PROBE_CALLS)])
    return ProbePlan(ladder, calls, top, why)


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
    kept = _NOT_CODE.sub(
        lambda m: " " if m.group(0)[:2] in ("//", "/*") else m.group(0),
        source.replace("\\\r\n", "").replace("\\\n", ""),
    )
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
    kind = re.sub(r"\s*\(pid=\d+\)\s*$", "", lines[start][len("WARNING: ThreadSanitizer: ") :])
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
            keep = frames[max(0, first - 1) : first + 1] + [f for f in frames[first + 1 :] if "candidate.cpp:" in f]
        out.extend(block + keep[:4])

    for ln in lines[start + 1 :]:
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
_PP_TOKEN = re.compile(
    r"""(?P<marker>^\#[ \t]*\d+[ \t]+"(?:[^"\\\n]|\\.)*"(?:[ \t]+\d+)*[ \t]*$)
                          |(?P<tok>(?:u8|[uUL])?R"([^ ()\\\t\n]*)\(.*?\)\3"
                          |(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*"
                          |(?:u8|[uUL])?'(?:[^'\\\n]|\\.)*'
                          |\.?\d(?:[eEpP][+-]|['\w.])*
                          |[A-Za-z_$]\w*
                          |[^\s])
                          |(?P<nl>\n)""",
    re.M | re.S | re.X,
)
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
        base = (
            16
            if digits[:2] in ("0x", "0X")
            else 2
            if digits[:2] in ("0b", "0B")
            else 8
            if digits.startswith("0") and len(digits) > 1
            else 10
        )
        return f"#{int(digits[2:] if base in (16, 2) else digits, base)}"
    literal = re.match(r"^(.*?)([fFlL]?)$", t)
    assert literal is not None  # it matches any text without a newline, as every pp-number is
    body, suffix = literal.groups()
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
        if (
            tok == "double"
            and i + 3 < len(out)
            and out[i + 1][0] == "("
            and number(out[i + 2][0])
            and out[i + 3][0] == ")"
        ):  # g++'s double(...L) limits: the double they are
            res.append((_number(out[i + 2][0].rstrip("lL")), out[i + 2][1]))
            i += 4
            continue
        res.append((_number(tok) if number(tok) else tok, out[i][1]))
        i += 1
    return res


class _BaselinePhases:
    """The baseline's run's message sequence (the ``check`` of sandbox.run;
    cpp/race_runner.cpp) for ``n`` validation cases and the probe ``plan``: phase
    "baseline", "case" 0 .. n-1 with its seconds, then "ladder" j and "step" j with its
    seconds for consecutive j (fewer than the ladder's sizes), then "done". No candidate
    code runs in it; anything else is the runner's failure."""

    def __init__(self, n: int, plan: ProbePlan):
        self.n, self.plan = n, plan
        self.last: dict = {}  # the last message accepted
        self.started = False
        self.case_s: list[float] = []  # its time on each validation case (s)
        self.ladder = 0  # ladder steps begun
        self.step_s: list[float] = []  # its time at each ladder step finished (s)
        self.done = False

    @property
    def state(self) -> str:
        """What was running when the last message came: "baseline" (its validation cases),
        "ladder" (a ladder step), "step" (between ladder steps), "done" or "" (nothing
        yet)."""
        e = self.last.get("event", "")
        return {"phase": "baseline", "case": "baseline"}.get(e, e)

    def __call__(self, m: dict) -> str:
        e, ok = m.get("event"), False
        given = m.get("seconds")
        # a "case" or "step" message: its index and a finite time in seconds >= 0, nothing else
        seconds = float(given) if isinstance(given, (int, float)) and not isinstance(given, bool) else -1.0
        timed = set(m) == {"event", "index", "seconds"} and 0 <= seconds < float("inf")
        if self.done:
            ok = False
        elif e == "phase":
            ok = m == {"event": "phase", "side": "baseline"} and not self.started
            self.started |= ok
        elif e == "case":
            ok = self.started and timed and m["index"] == len(self.case_s) and len(self.case_s) < self.n
            if ok:
                self.case_s.append(seconds)
        elif e == "ladder":
            ok = (
                len(self.case_s) == self.n
                and m == {"event": "ladder", "index": self.ladder}
                and self.ladder == len(self.step_s)
                and self.ladder < len(self.plan.ladder)
            )
            self.ladder += ok
        elif e == "step":
            ok = timed and m["index"] == self.ladder - 1 and len(self.step_s) == self.ladder - 1
            if ok:
                self.step_s.append(seconds)
        elif e == "done":
            ok = len(self.case_s) == self.n and self.ladder == len(self.step_s)
            self.done = ok
        if not ok:
            return f"an unexpected race-runner message {m!r}"
        self.last = m
        return ""


@dataclass
class BaselineRun:
    """The baseline's part of a race check (its own run under the detector, one per
    batch of candidates with the same cases and probe plan, or of this process: see
    _BASELINE_RUNS).
    case_s: its time on each validation case (s); reached: the largest ladder size it
    finished (0: none); last_s: its time there (s; its first case's without a ladder
    step); why: why the ladder stopped below the plan's top other than by the budget (a
    step the baseline did not finish), else ""; unavailable: why the baseline's run
    failed as a whole (a report in the problem's own code, a crash at a validation size),
    else ""; run_s: the run's wall (s)."""

    case_s: list
    reached: int = 0
    last_s: float = 0.0
    why: str = ""
    unavailable: str = ""
    run_s: float = 0.0


class _Phases:
    """A candidate's run's message sequence (the ``check`` of sandbox.run;
    cpp/race_runner.cpp) for ``n`` validation cases, the probe ``plan`` and the size
    ``reached`` by the baseline's ladder (0: no probe): phase "candidate", "call" 0 .. n-1,
    then, when reached, "probe" with that size and "probe_inputs"/"probe_call" k for every
    probe call, then "done"; anything else is a forgery."""

    def __init__(self, n: int, plan: ProbePlan, reached: int):
        self.n, self.plan, self.probe_size = n, plan, reached
        self.last: dict = {}  # the last message accepted
        self.in_candidate = False  # its phase message seen (its object loaded from then on)
        self.calls = 0  # candidate validation calls begun
        self.reached = 0  # the probe's size (its "probe" message)
        self.probe_calls = 0  # probe calls begun (their probe_call message)
        self.done = False

    @property
    def state(self) -> str:
        """What was running when the last message came: "candidate" (its object being
        loaded), "call" (a validation call), "probe_inputs" (a probe call's inputs being
        generated), "probe_call", "done" or "" (nothing yet)."""
        e = self.last.get("event", "")
        return {"phase": "candidate", "probe": "probe_inputs"}.get(e, e)

    def call_size(self, k: int) -> int:
        """The size of probe call ``k``."""
        size = self.plan.calls[k][0]
        return min(size, self.reached) if size else self.reached

    def __call__(self, m: dict) -> str:
        e, ok = m.get("event"), False
        if self.done:
            ok = False
        elif e == "phase":
            ok = m == {"event": "phase", "side": "candidate"} and not self.in_candidate
            self.in_candidate |= ok
        elif e == "call":
            ok = self.in_candidate and m == {"event": "call", "index": self.calls} and self.calls < self.n
            self.calls += ok
        elif e == "probe":
            ok = (
                self.calls == self.n
                and self.probe_size > 0
                and not self.reached
                and self.last.get("event") == "call"
                and m == {"event": "probe", "size": self.probe_size}
            )
            if ok:
                self.reached = m["size"]
        elif e == "probe_inputs":
            ok = (
                bool(self.reached)
                and m == {"event": "probe_inputs", "index": self.probe_calls}
                and self.probe_calls < len(self.plan.calls)
                and self.last.get("event") in ("probe", "probe_call")
            )
        elif e == "probe_call":
            ok = self.last.get("event") == "probe_inputs" and m == {"event": "probe_call", "index": self.probe_calls}
            self.probe_calls += ok
        elif e == "done":
            ok = (
                self.calls == self.n
                and (self.probe_calls == len(self.plan.calls) if self.reached else self.last.get("event") == "call")
                and bool(self.reached) == (self.probe_size > 0)
            )
            self.done = ok
        if not ok:
            return f"an unexpected race-runner message {m!r}"
        self.last = m
        return ""


def _detector_compilers(tools: Tools, march: str) -> tuple[_DetectorCompiler, _DetectorCompiler, Path]:
    """(clang++ with the detector's flags, the same with the precompiled prelude, the
    folder holding the prelude header), building the precompiled prelude once."""
    pch_dir, pch, _ = _prelude(tools, march)
    plain = _DetectorCompiler(tools.clang, tools.version, march, march, "", tuple(tools.base_flags(march)))
    with_pch = _DetectorCompiler(
        tools.clang, tools.version, march, march, "", plain.detector_flags + (("-include-pch", pch) if pch else ())
    )
    return plain, with_pch, pch_dir


def _driver_compiler(tools: Tools, march: str) -> _DetectorCompiler:
    """clang++ for the problem's driver in the race runner: libomp and -O2, not
    instrumented. The driver's own accesses (generating inputs, poisoning outputs) are
    then never one side of a report: a race the check is about is between two of the
    candidate's accesses, and a candidate thread that outlives its call to race with the
    driver is refused by the judge's thread counts around every call (docs/methodology/
    races.md, "What the detector still cannot see"); and
    under the detector its input generation took half of a check's run (0.2 s of each
    0.23 s probe call of 00_dense_la_lu_decomp at quick size)."""
    flags = tuple("-O2" if f == "-O1" else f for f in tools.base_flags(march) if f != "-fsanitize=thread")
    return _DetectorCompiler(tools.clang, tools.version, march, march, "", flags)


# The detector's runtime calls the compiler emits into every instrumented object
# (memory accesses, function entry and exit, atomics, vtable updates) and clang's OpenMP
# entry points (libomp's __kmpc_*): the candidate's detector build may import these.
_EMITTED = re.compile(
    r"__tsan_(?:init|func_entry|func_exit|(?:unaligned_)?(?:read|write)\d+|(?:read|write)_range"
    r"|volatile_(?:read|write)\d+|atomic\d*_\w+|atomic_(?:thread|signal)_fence"
    r"|vptr_(?:update|read)|mem(?:cpy|set|move))|__kmpc_\w+"
)
_LDD_LIB = re.compile(r"=>\s*(/\S+)")
_LOADER = re.compile(r"^\s*(/\S*ld-linux\S*)", re.M)  # the dynamic loader: the same in both processes
_LINKER_NAMES = frozenset({"_edata", "_end", "__bss_start", "_init", "_fini"})  # every shared object's
# the timed build's shared libraries (what g++ links a candidate against)
_TIMED_LIBS = ("libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libgomp.so.1")


def _exports(path: str) -> set[str]:
    """The dynamic symbols a trusted library or executable defines (nm -D), unversioned."""
    out = subprocess.run(
        ["nm", "-D", "--defined-only", "--without-symbol-versions", path], capture_output=True, text=True
    )
    return {ln.split()[-1] for ln in out.stdout.splitlines() if len(ln.split()) >= 3}


# C library functions the screen allows that read or write the memory they are given:
# the detector sees those accesses only where its runtime intercepts the function
# (__memcpy_chk, for one, is not: a race through it was judged correct, 2026-12-04)
_POINTER_LIBC = re.compile(
    r"__\w+_chk|mem\w+|str\w+|stp\w+|[ejn]rand48|rand_r|qsort\w*|bsearch|v?sn?printf"
    r"|\w*sscanf|ato\w+|__isoc\d*_\w+|__strto\w+"
)


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
    timed = [
        subprocess.run([gxx, f"-print-file-name={lib}"], capture_output=True, text=True).stdout.strip()
        for lib in _TIMED_LIBS
    ] + _LOADER.findall(ldd)
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
    parts = screen.read_object(
        'set -e; nm -D --defined-only --without-symbol-versions "$1"; echo @@; '
        'nm -D --undefined-only --without-symbol-versions "$1"',
        obj,
        2,
        sandboxed,
        "the detector's candidate object",
    )
    only = _detector_only(runner, tools.archer, gxx)
    defined, used = ({ln.split()[-1] for ln in part.splitlines() if ln.strip()} for part in parts)
    unseen = sorted(x for x in used if _POINTER_LIBC.fullmatch(x) and x not in _runner_exports(runner))
    if unseen:
        return (
            f"the candidate calls {', '.join(unseen[:3])}, which accesses the memory it is given where the race "
            "detector does not see it (its runtime does not intercept it): it cannot be shown race-free"
        )
    bad = sorted(defined & only) + sorted(x for x in used & only if not _EMITTED.fullmatch(x))
    if not bad:
        return ""
    how = "defines" if bad[0] in defined else "calls"
    return (
        f"the candidate {how} {', '.join(bad[:3])}, which the race detector's runtime provides: "
        "its calls would reach the detector, not its own code"
    )


def _build_objects(
    problem: Problem, source: str, tools: Tools, march: str, sandboxed: bool
) -> tuple[list[str], str, str, float]:
    """([driver, baseline, candidate] detector objects, why not ("" if built), the
    compiler's trimmed diagnostics when it was the candidate that did not build (""
    otherwise), seconds)."""
    t0 = time.monotonic()
    _, with_pch, pch_dir = _detector_compilers(tools, march)
    driver_comp = _driver_compiler(tools, march)
    seconds = time.monotonic() - t0
    prelude = toolchain.prelude_text("omp")
    driver_tu = f'#line 1 "driver.cpp"\n{problem.source("driver.cpp")}'
    base_tu = toolchain.candidate_tu(
        problem, extract_candidate(problem.source("baseline.cpp"), problem.function), "omp"
    )
    cand_tu = toolchain.candidate_tu(problem, source, "omp")
    paths = []
    scalarizing = replace(with_pch, opt=tools.opt)
    for what, tu, trusted in (("driver", driver_tu, True), ("baseline", base_tu, True), ("candidate", cand_tu, False)):
        comp = {"driver": driver_comp, "baseline": with_pch}.get(what, scalarizing)
        key = toolchain.content_key(
            "race-" + what,
            tu,
            prelude,
            problem.folder_hash,
            " ".join(comp.flags("omp")),
            tools.version,
            comp.opt and SCALARIZED_PIPELINE,
        )
        incl = [pch_dir] + ([problem.path, toolchain.INCLUDE_DIR] if trusted else [])
        b = toolchain._compile(tu, key, comp, "omp", incl, sandboxed=sandboxed and not trusted)
        seconds += b.seconds
        if not b.ok:
            first = next(
                (ln for ln in b.diagnostics.splitlines() if "error" in ln), (b.diagnostics.splitlines() or ["?"])[0]
            )
            return (
                [],
                f"clang++ cannot build the {what} ({first.strip()[:300]})",
                (b.diagnostics if what == "candidate" else ""),
                seconds,
            )
        paths.append(b.path)
    return paths, "", "", seconds


_INCLUDE = re.compile(r"^[ \t]*(?:#|%:)[ \t]*(?:include|include_next|import)\b.*$", re.M)
_CONDITION = re.compile(r"^[ \t]*(?:#|%:)[ \t]*(?:if|ifdef|ifndef|elif|elifdef|elifndef)\b(.*)$", re.M)
_DEFINE = re.compile(r"^[ \t]*(?:#|%:)[ \t]*define[ \t]+([A-Za-z_]\w*)(.*)$", re.M)
_IDENT = re.compile(r"[A-Za-z_]\w*")


@lru_cache(maxsize=256)
def _preprocessed(
    comp: toolchain.Compiler, flags: tuple, tu: str, include: Path, sandboxed: bool, macros: bool = False
) -> str | None:
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


def same_code(
    problem: Problem, source: str, comp: toolchain.Compiler, tools: Tools, march: str, sandboxed: bool
) -> str:
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
        sorted({m.group(0).strip() + "\n" for m in _INCLUDE.finditer(code)})
    )
    with ThreadPoolExecutor(4) as pool:  # the -dM ones are cached: the same few includes recur
        jobs = [
            pool.submit(_preprocessed, c, f, tu, d, sandboxed, dm)
            for tu, dm in ((bare, False), (headers, True), ("", True))
            for c, f, d in sides
        ]
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
            return " ".join(t for t, _ in toks[max(0, n - 3) : n + 4]).strip() or "(end)"

        line = (a[n] if n < len(a) else b[n])[1]
        return (
            f"g++ and the race detector's clang++ preprocess the candidate to different code "
            f"(line {line}: g++ `{show(a)}`, clang++ `{show(b)}`)"
        )
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

            return (
                f"its preprocessor conditions use {name}, and g++'s headers {said(gdefs.get(name))} "
                f"while clang++'s {said(cdefs.get(name))}"
            )
    return ""


_LINE_MARKER = re.compile(r"^#\s*(?:line\b|\d).*$", re.M)


def hidden_code(source: str, comp: toolchain.Compiler, sandboxed: bool) -> str:
    """compiler_test of ``source``'s code as g++ (``comp``) preprocesses it without its
    #include lines (same_code's first part, cached; line markers dropped, pragmas kept):
    the first compiler test or detector blind spot that only macro expansion shows (a name
    pasted with ##, ``_Pragma("clang attribute push(...no_sanitize...)")``), "" if none."""
    gpp, flags, include = _gpp(comp)
    text = _preprocessed(gpp, flags, _bare(source), include, sandboxed, False)  # same_code's cache key
    return compiler_test(_LINE_MARKER.sub("", text)) if text else ""


def check(*args, **kwargs) -> RaceCheck:
    """The whole race check of one omp candidate: plan_check(*args, **kwargs) (its
    arguments), then, unless that decided it, PlannedCheck.run. Returns a RaceCheck;
    raises what plan_check raises."""
    step = plan_check(*args, **kwargs)
    return step if isinstance(step, RaceCheck) else step.run()


# The baseline's runs under the detector made in this process (PlannedCheck.run). One
# that ran clean and finished its ladder is kept by its setting (runner, objects, the
# validation sizes, ladder, environment, limits, shortest deadline) and serves every later
# check with that setting, whatever its seeds: the baseline's code is the harness's, its
# times there set only the candidates' deadlines (timeout_factor x, at least MIN_CALL_S),
# and a run of the same code on other seeds of the same sizes takes the same time. Any
# other (a ladder cut short by its budget on a loaded machine, a failure) is kept with its
# seeds too, so it serves only the checks of its own evaluation (the candidates of its
# batch) and a later evaluation measures the baseline again. It cost 0.7 s of every omp
# evaluation of 03_dense_la_axpy at quick size (2-core Zen 4). Every entry lives
# _BASELINE_TTL_S from its run: a run made on a quiet machine does not set the deadlines
# of checks made much later under load, and the entries of past evaluations are dropped.
_BASELINE_RUNS: dict = {}  # setting -> (time.monotonic() of the run, BaselineRun)
_BASELINE_TTL_S = 600.0


def _kept_baseline(*keys) -> BaselineRun | None:
    """The kept baseline run under the first of ``keys`` (settings, see _BASELINE_RUNS)
    made less than _BASELINE_TTL_S ago, else None; drops every expired entry."""
    now = time.monotonic()
    for k in [k for k, (t, _) in _BASELINE_RUNS.items() if now - t >= _BASELINE_TTL_S]:
        del _BASELINE_RUNS[k]
    for k in keys:
        if k in _BASELINE_RUNS:
            return _BASELINE_RUNS[k][1]
    return None


@dataclass
class PlannedCheck:
    """A race check whose builds and static checks passed (plan_check), ready to run under
    the detector: ``runner`` (the race runner), ``objs`` (the detector's driver, baseline
    and candidate objects), ``cases`` (validation cases, [size, seed]), ``plan`` (the
    probe), ``env`` and ``limits`` (the candidates' sandbox), ``min_s`` (the shortest
    deadline of a call, s), ``size`` (timed), ``memory`` (the detector's limit, bytes),
    ``compile_s`` (s spent so far), ``timeout_factor``."""

    runner: str
    objs: list
    cases: list
    plan: ProbePlan
    env: dict
    limits: sandbox.Limits
    sandboxed: bool
    min_s: float
    size: int
    memory: int
    compile_s: float
    timeout_factor: float

    def run(self) -> RaceCheck:
        """The runs under the detector: the baseline's (its own process, no candidate code
        in it; unless this process has it already, see _BASELINE_RUNS), then the
        candidate's, its deadlines timeout_factor x the baseline's times. Returns the
        RaceCheck; a failure of the candidate or of the tools is a status, never an
        exception. Run them one at a time, with nothing else on the granted CPUs: a
        candidate's deadlines come from the baseline's run, and the probe's reach."""
        runner, objs, plan = self.runner, self.objs, self.plan
        setting = (
            runner,
            objs[0],
            objs[1],
            repr([n for n, _ in self.cases]),
            repr(plan.ladder),
            repr(sorted(self.env.items())),
            repr(self.limits),
            self.min_s,
        )
        seeded = (*setting, repr(self.cases))
        base = _kept_baseline(setting, seeded)
        run_s = 0.0
        if base is None:
            started = time.monotonic()
            base = _baseline_run(runner, objs[:2], self.cases, plan, self.env, self.limits, self.sandboxed, self.min_s)
            run_s = base.run_s
            whole = not base.unavailable and not base.why and base.reached == plan.top
            _BASELINE_RUNS[setting if whole else seeded] = (started, base)
        if base.unavailable:
            return RaceCheck("unavailable", why=base.unavailable, compile_s=self.compile_s, run_s=run_s)
        nonce = secrets.token_hex(16)
        deadlines = [max(self.min_s, self.timeout_factor * t) for t in base.case_s]
        probe_limit = max(self.min_s, self.timeout_factor * base.last_s)  # each probe call's deadline (s)
        calls = plan.calls if base.reached else []
        job = (
            f"{nonce}\n{len(self.cases)} {len(calls)} {base.reached} {probe_limit!r}\n"
            + "".join(f"{n} {sd} {d!r}\n" for (n, sd), d in zip(self.cases, deadlines))
            + "".join(f"{n} {sd}\n" for n, sd in calls)
        )
        phases = _Phases(len(self.cases), plan, base.reached)
        out = sandbox.run(
            [runner, objs[0], "-", objs[2]],
            sandboxed=self.sandboxed,
            ro=sorted({os.path.dirname(p) for p in (runner, objs[0], objs[2])}),
            env=self.env,
            limits=self.limits,
            stdin_bytes=job.encode(),
            timeout_s=RUN_TIMEOUT_S,
            protocol=True,
            nonce=nonce,
            max_wall_s=10 * RUN_TIMEOUT_S + sum(deadlines) + len(calls) * probe_limit,
            tail_bytes=1 << 16,
            check=phases,
        )
        rc = _outcome(out, phases, plan, base, self.cases, self.size, self.memory, self.compile_s)
        rc.run_s += run_s
        return rc


def plan_check(
    problem: Problem,
    source: str,
    size: int,
    cpus: list,
    seed: int,
    comp: toolchain.Compiler,
    sandboxed: bool,
    timeout_factor: float,
    timeout_min_s: float,
    eval_workers: int = 1,
    memory_bytes: int | None = None,
    input_key: str = "",
) -> RaceCheck | PlannedCheck:
    """The race check of one omp candidate (its extracted ``source``) for ``problem`` up
    to its runs under the detector: nothing runs under the detector here, so several
    candidates' plans may be made side by side. ``size`` is the timed size, ``cpus`` the
    CPUs granted (the runner uses as many threads, at least 2), ``comp`` the timed build's
    g++ (its flags and ``march``). Returns a PlannedCheck (run it: PlannedCheck.run) or,
    when these steps decide, a RaceCheck; every failure of the candidate or of the tools
    is a status, never an exception: "rejected" for a source that tests which compiler
    builds it (by name, or seen in its preprocessed code: same_code) or would hide
    accesses from the detector (compiler_test; detector_symbols: its build reaches the
    detector's runtime), "compile_error" when clang++ cannot build the candidate (omp
    candidates must build with both compilers: otherwise a line only g++ accepts would
    turn the check off), "unavailable" without the tools; the run's statuses (a race,
    "partial" when the probe did not reach the timed size or a probe call did not
    finish) are PlannedCheck.run's. ``input_key``: the evaluation's input key (32 hex
    digits, "" to draw one), under which every input's seed is drawn (keyed_seed) and the
    probe's drawn size. Raises HarnessError only when binutils cannot read the
    detector's candidate object, as the screen does."""
    test = compiler_test(source)
    if test:
        return RaceCheck(
            "rejected",
            why=f"the candidate tests which compiler builds it, or hides code from the "
            f"race detector ({test}): the detector's clang build could run other "
            "code than the timed g++ one, or not see its memory accesses",
        )
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
        return RaceCheck(
            "rejected",
            why=differs + ": a source that builds other code for the race detector than for the timed build",
            compile_s=compile_s,
        )
    test = hidden_code(source, comp, sandboxed)
    if test:
        return RaceCheck(
            "rejected",
            why=f"the candidate's code, once its macros are expanded, tests which compiler "
            f"builds it, or hides code from the race detector ({test})",
            compile_s=compile_s,
        )
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
        return RaceCheck(
            "rejected",
            compile_s=compile_s,
            why=(
                f"the candidate accesses memory in a way the race detector does not see ({unseen}; it sees loads and "
                "stores of 1, 2, 4, 8 and 16 bytes, not masked, gather, scatter or other intrinsic ones): it cannot "
                "be shown race-free"
            ),
        )
    key = input_key or secrets.token_hex(16)
    cases = race_cases(problem, size, seed, key)
    threads = max(2, len(cpus))
    pids, memory = topology.worker_limits(threads, eval_workers)
    memory = memory_bytes or memory  # the timed worker's limit: the machine's share, or the user's
    opts = {
        "halt_on_error": 1,
        "exitcode": RACE_EXIT,
        "ignore_noninstrumented_modules": 1,
        "history_size": history_size(threads),
        "report_thread_leaks": 0,
        "report_signal_unsafe": 0,
        "detect_deadlocks": 0,
        "external_symbolizer_path": tools.symbolizer,
        "hard_rss_limit_mb": memory >> 20,
        "suppressions": os.path.join(os.path.dirname(runner), "tsan.supp"),
    }
    env = omp_env.runner_env(threads)
    env.update(zip(DETECTOR_ENV, (" ".join(f"{k}={v}" for k, v in opts.items()), tools.archer)))
    limits = sandbox.Limits(memory_bytes=memory, pids=pids + 2, cpus=tuple(cpus), address_space=False)
    plan = probe_plan(problem, size, cases, probe_memory(memory, threads), key, seed)
    min_s = max(timeout_min_s, MIN_CALL_S)
    return PlannedCheck(
        runner, objs, cases, plan, env, limits, sandboxed, min_s, size, memory, compile_s, timeout_factor
    )


def _baseline_run(
    runner: str,
    objs: list,
    cases: list,
    plan: ProbePlan,
    env: dict,
    limits: sandbox.Limits,
    sandboxed: bool,
    min_s: float,
) -> BaselineRun:
    """Runs the baseline's part of a race check (``objs``: the detector's driver and
    baseline objects) on the validation ``cases`` and up the probe ``plan``'s ladder, in
    the sandbox with the candidates' ``env`` and ``limits``; ``min_s``: the shortest
    deadline of a ladder step (s). Returns its BaselineRun; a failure is in it
    (unavailable, or why the ladder stopped short), never an exception. No candidate code
    runs in it, so what it reports (its times) decides no candidate's deadline but by the
    baseline's own doing."""
    nonce = secrets.token_hex(16)
    job = (
        f"{nonce}\n{PROBE_BUDGET_S!r} {min_s!r} {len(plan.ladder)}\n"
        + "".join(f"{n} {r!r}\n" for n, r in plan.ladder)
        + "".join(f"{n} {sd}\n" for n, sd in cases)
    )
    phases = _BaselinePhases(len(cases), plan)
    out = sandbox.run(
        [runner, *objs, "-"],
        sandboxed=sandboxed,
        ro=sorted({os.path.dirname(p) for p in (runner, *objs)}),
        env=env,
        limits=limits,
        stdin_bytes=job.encode(),
        timeout_s=RUN_TIMEOUT_S,
        protocol=True,
        nonce=nonce,
        max_wall_s=10 * RUN_TIMEOUT_S + 2 * PROBE_BUDGET_S * (len(plan.ladder) + 1),
        tail_bytes=1 << 16,
        check=phases,
    )
    kind, report = trim_report(out.stderr_tail)
    steps = phases.step_s
    base = BaselineRun(
        list(phases.case_s),
        reached=plan.ladder[len(steps) - 1][0] if steps else 0,
        last_s=steps[-1] if steps else (phases.case_s[0] if phases.case_s else 0.0),
        run_s=out.wall_s,
    )
    if out.forged:
        base.unavailable = f"the baseline's run under the race detector sent a message it should not ({out.forged})"
    elif report and out.returncode == RACE_EXIT:
        base.unavailable = f"the detector reported a {kind} in the problem's own driver or baseline"
    elif phases.done and out.returncode == 0:
        pass
    elif phases.state == "ladder":
        step = plan.ladder[phases.ladder - 1][0]
        base.why = f"the baseline did not finish size {step} under the detector" + (
            " within its deadline"
            if out.timed_out
            else f" (exit code {out.returncode}" + (", out of memory)" if out.out_of_memory else ")")
        )
    else:
        lines = [ln.strip() for ln in out.stderr_tail.splitlines() if ln.strip()]
        base.unavailable = (
            "the baseline's run under the race detector "
            + ("did not finish before its deadline" if out.timed_out else f"ended with exit code {out.returncode}")
            + (f": {lines[-1][:300]}" if lines and not out.timed_out else "")
        )
    return base


def _outcome(
    out: sandbox.Outcome,
    phases: _Phases,
    plan: ProbePlan,
    base: BaselineRun,
    cases: list,
    size: int,
    memory: int,
    compile_s: float,
) -> RaceCheck:
    """The RaceCheck of the candidate's run's ``out``come (check's last step): what
    ``phases`` saw, the ``plan`` and ``cases`` it ran, the baseline's run ``base``, the
    timed ``size`` and the detector's ``memory`` (bytes)."""
    res = RaceCheck("clean", compile_s=compile_s, run_s=out.wall_s)
    kind, report = trim_report(out.stderr_tail)
    raced = bool(report) and out.returncode == RACE_EXIT
    state = phases.state
    # the largest size the candidate ran to its end: the finished probe calls', else the validation cases'
    done_calls = phases.probe_calls - (state == "probe_call")
    reached = max([phases.call_size(k) for k in range(max(0, done_calls))] + [max(s for s, _ in cases)])
    where = f" ({plan.why})" if plan.why and plan.top else ""

    def partial(why: str) -> RaceCheck:
        res.status, res.reached, res.why = "partial", reached, why
        res.probe = f"partial: reached size {reached} of the timed {size}: {why}"
        return res

    if out.forged:
        res.status, res.why = (
            "rejected",
            (
                f"the race runner's private pipe carried a message it did not send "
                f"({out.forged}): an attempt to forge the race check"
            ),
        )
    elif phases.done and out.returncode == 0:
        if not plan.top and plan.why.startswith("none: the timed size"):
            res.probe, res.reached = plan.why, size
        elif phases.reached >= size:
            res.probe, res.reached = f"finished: {len(plan.calls)} calls up to the timed size", size
        elif phases.reached:
            return partial(
                base.why
                or (
                    plan.why
                    if phases.reached == plan.top and plan.why
                    else f"the baseline's time under the detector above size {phases.reached} would pass the "
                    f"probe's budget of {PROBE_BUDGET_S:g} s"
                )
            )
        else:
            return partial(
                base.why
                or (
                    plan.why.removeprefix("none: ")
                    if not plan.top
                    else f"the baseline's time under the detector above the validation sizes would pass the "
                    f"probe's budget of {PROBE_BUDGET_S:g} s"
                )
            )
    elif raced and state == "probe_call":
        k = phases.probe_calls - 1
        res.status, res.report, res.size, res.seed = "race", report, phases.call_size(k), plan.calls[k][1]
        res.probe = "race" + where
        res.why = (
            f"ThreadSanitizer found a {kind} in the candidate at "
            + ("the timed size" if res.size == size else f"size {res.size}, above the validation sizes")
            + f" (probe call {k + 1} of {len(plan.calls)}; report below)"
        )
    elif raced and phases.in_candidate:
        # once its object is loaded, the candidate's is the only instrumented code that runs
        # besides the runner's own single-threaded steps (the driver is not instrumented)
        res.status, res.report = "race", report
        res.why = f"ThreadSanitizer found a {kind} in the candidate (report below)"
        # the case of the call that was running (its static constructors: the first)
        res.size, res.seed = (
            cases[max(0, phases.calls - 1)] if state == "call" else (phases.reached or cases[0][0], None)
        )
    elif raced:
        res.status = "unavailable"
        res.why = f"the detector reported a {kind} in the race runner before the candidate was loaded"
    elif state == "probe_call" and out.out_of_memory:
        # memory the timed build has and the detector does not: a racy loop behind a
        # large allocation above the validation sizes would otherwise go unseen
        res.status, res.probe = "runtime_error", "out of memory" + where
        res.why = (
            f"the candidate ran out of the race detector's {memory >> 20} MiB at size "
            f"{phases.call_size(phases.probe_calls - 1)}, above the validation sizes (the probe, whose "
            f"size leaves {PROBE_MEMORY_FACTOR} x the problem's compulsory bytes); omp candidates must run "
            "under the detector there, or they cannot be shown race-free"
        )
    elif state == "probe_call" and out.timed_out:
        return partial(
            f"the candidate's call at size {phases.call_size(phases.probe_calls - 1)} did not finish "
            "under the detector within its deadline (the timeout factor x the baseline's time there)"
        )
    elif state in ("probe_call", "probe_inputs"):
        return partial(
            f"the probe ended with exit code {out.returncode}"
            + (" (out of memory)" if out.out_of_memory else "")
            + " under the detector"
        )
    elif out.timed_out and phases.in_candidate:
        # at a validation size, max(5 s, 10 x the baseline's time under the detector)
        res.status, res.why = (
            "timeout",
            (f"the candidate did not finish under the race detector before its deadline{UNCHECKED}"),
        )
    elif out.timed_out:
        res.status, res.why = "unavailable", "the race runner did not finish before its deadline"
    else:
        lines = [ln.strip() for ln in out.stderr_tail.splitlines() if ln.strip()]
        said = [ln for ln in lines if "ThreadSanitizer" in ln or "race_runner" in ln] or lines
        ended = (
            f"ended with exit code {out.returncode}"
            + (f" (out of the detector's {memory >> 20} MiB)" if out.out_of_memory else "")
            + " under the race detector"
            + (f": {said[-1][:300]}" if said else "")
        )
        if phases.in_candidate:
            res.status, res.why = "runtime_error", f"the candidate {ended}{UNCHECKED}"
        else:
            res.status, res.why = "unavailable", f"the race runner {ended}"
    return res


def record(res, rc: RaceCheck, strict: bool = False) -> bool:
    """Puts ``rc`` into the evidence of ``res`` (an EvalResult): ``race_check`` ("clean",
    "partial: <what it reached and why>", or "unavailable: <reason>") and
    ``race_check_s`` (compile and run seconds); ``race_check_reached`` (the largest size
    checked, clean and partial), and for a partial check the flag PARTIAL_FLAG; for a race also ``race`` (the trimmed report), ``why``,
    ``size``, ``seed`` and ``phase``, with the status ``incorrect``; for a rejection the
    status ``rejected`` and ``why``, as for a partial check when ``strict`` (--race-check
    strict); when clang++ cannot build the candidate the status ``compile_error``, ``why`` and
    its ``diagnostics``. Returns True when this decides the verdict. A candidate that
    failed under the detector (``race_check`` "timeout: ..." or "runtime_error: ...") is
    validated first, so its own failure there is what it is told; see ``unchecked``."""
    res.evidence["race_check_s"] = {"compile_s": round(rc.compile_s, 3), "run_s": round(rc.run_s, 3)}
    if rc.probe:
        res.evidence["race_check_probe"] = rc.probe
    if rc.reached:
        res.evidence["race_check_reached"] = rc.reached
    if rc.status == "clean":
        res.evidence["race_check"] = "clean"
        return False
    if rc.status == "partial":
        res.evidence["race_check"] = f"partial: reached size {rc.reached} of the timed {res.size}: {rc.why}"
        if not strict:  # judged on its outputs, and counted apart (PARTIAL_FLAG)
            if PARTIAL_FLAG not in res.flags:
                res.flags.append(PARTIAL_FLAG)
            return False
        res.decide(
            "rejected",
            f"the race check could not cover the timed runs (--race-check strict): it reached "
            f"size {rc.reached} of the timed {res.size}: {rc.why}",
        )
        return True
    if rc.status in ("unavailable", "timeout", "runtime_error"):
        res.evidence["race_check"] = f"{rc.status}: {rc.why}"
        return False
    res.evidence["race_check"] = rc.status
    res.decide(
        {"race": "incorrect", "compile_error": "compile_error"}.get(rc.status, "rejected"),
        rc.why + (f":\n{rc.report}" if rc.report else ""),
    )
    if rc.status == "compile_error":  # the diagnostics say whose: the lessons show them alone
        res.evidence["diagnostics"] = f"{rc.why}:\n{rc.diagnostics}"
    if rc.status == "race":
        res.evidence.update({"race": rc.report, "size": rc.size, "seed": rc.seed, "phase": "race check"})
    return True


def unchecked(res) -> str:
    """ "timeout" or "runtime_error" when ``res``'s race check found the candidate failing
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
        res.decide(status, res.evidence["race_check"].split(": ", 1)[1])
