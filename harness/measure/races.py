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
middle validation size, with at least two OpenMP threads (also on one CPU: the
detector finds races from the happens-before order, not from timing).

A report in the candidate's part is ``incorrect``, with the report trimmed to its
first warning and the candidate's frames as ``evidence["race"]``. When clang cannot
build what g++ built, the tools are missing (``make system-packages`` installs them) or
the runner does not finish, ``evidence["race_check"]`` says "unavailable: <reason>" and
the candidate is judged as before. A source that tests which compiler builds it
(``__clang__``, ``__SANITIZE_THREAD__``, ``__has_feature``, the value of ``__GNUC__`` or
``_OPENMP``) could show the detector other code than the timed one: it is ``rejected``.
What the check cannot see is listed in the README ("Data races").
"""

from __future__ import annotations

import glob
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.fsutil import atomic_write, cache_root
from . import sandbox, toolchain, topology
from .extract import extract_candidate
from .suite import ROOT, Problem

RUNNER_SOURCE = ROOT / "cpp" / "race_runner.cpp"
RACE_SEEDS = 2          # inputs of the largest race size; one more of a middle size
RACE_EXIT = 66          # the detector's exit code after a report (TSAN_OPTIONS exitcode)
RUN_TIMEOUT_S = 120.0   # the runner's watchdog between messages (the baseline's part)
MIN_CALL_S = 5.0        # shortest deadline of one candidate call under the detector
# Memory limit of the runner (bytes; at most the worker's): the inputs are small, and the
# detector cannot cap the address space (see sandbox.Limits.address_space), so a
# candidate's runaway allocation is stopped by the cgroup, or by the detector's own RSS
# limit (hard_rss_limit_mb) where no cgroup can be made, at this much.
RACE_MEMORY = 2 << 30
REPORT_LINES = 14       # lines of the trimmed report
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
_COMPILER_TEST = re.compile(
    r"\b(__clang\w*|__llvm__|__SANITIZE_\w+|__has_feature|__has_extension|__VERSION__"
    r"|__tsan\w*|__apple_build_version__)\b"
    r"|\b(__GNUC\w*|_OPENMP)\s*(==|!=|<=|>=|<|>)|(==|!=|<=|>=|<|>)\s*(__GNUC\w*|_OPENMP)\b")


@dataclass(frozen=True)
class Tools:
    """The detector's toolchain: ``clang`` (clang++, absolute path), its ``version`` line,
    ``archer`` (libarcher.so, the OpenMP tool loaded by libomp) and ``symbolizer``
    (llvm-symbolizer, which turns the report's addresses into file:line)."""

    clang: str
    version: str
    archer: str
    symbolizer: str

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

    def compile_flags(self, mode: str) -> list[str]:
        return list(self.detector_flags)

    def link_flags(self, mode: str) -> list[str]:
        return ["-shared", "-fsanitize=thread", "-fopenmp=libomp"]


@dataclass
class RaceCheck:
    """What the race check found. status: "clean", "race", "rejected" (the source tests
    the compiler, or the runner's protocol was forged) or "unavailable"; why: the
    reason (race, rejected, unavailable); report: the trimmed detector report (race);
    size/seed: the case whose candidate call was running when the report came (race);
    compile_s/run_s: seconds spent building the detector's objects and running them."""

    status: str
    why: str = ""
    report: str = ""
    size: int | None = None
    seed: int | None = None
    compile_s: float = 0.0
    run_s: float = 0.0


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
    to install). libarcher.so and llvm-symbolizer are looked up in clang's own LLVM
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
    version = subprocess.run([clang, "--version"], capture_output=True, text=True).stdout
    return Tools(clang, (version.splitlines() or ["unknown"])[0], str(archer[0]), sym)


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
    """The first compiler-identity test in ``source`` (see _COMPILER_TEST), "" if none."""
    m = _COMPILER_TEST.search(source)
    return m.group(0).strip() if m else ""


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


class _Phases:
    """The runner's message sequence for ``n`` cases (the ``check`` of sandbox.run):
    phase "baseline", phase "candidate", "call" 0 .. n-1, then "done"; anything else is
    a forgery. ``calls`` counts the candidate calls begun."""

    def __init__(self, n: int):
        self.order = [{"event": "phase", "side": "baseline"}, {"event": "phase", "side": "candidate"},
                      *({"event": "call", "index": i} for i in range(n)), {"event": "done"}]
        self.seen = 0

    @property
    def in_candidate(self) -> bool:
        return self.seen >= 2

    @property
    def done(self) -> bool:
        return self.seen == len(self.order)

    @property
    def calls(self) -> int:
        return max(0, min(self.seen, len(self.order) - 1) - 2)

    def __call__(self, m: dict) -> str:
        if self.seen < len(self.order) and m == self.order[self.seen]:
            self.seen += 1
            return ""
        return f"an unexpected race-runner message {m!r}"


def _build_objects(problem: Problem, source: str, tools: Tools, march: str,
                   sandboxed: bool) -> tuple[list[str], str, float]:
    """([driver, baseline, candidate] detector objects, why not ("" if built), seconds)."""
    pch_dir, pch, seconds = _prelude(tools, march)
    plain = _DetectorCompiler(tools.clang, tools.version, march, march, "",
                              tuple(tools.base_flags(march)))
    # the prelude's precompiled form for the TUs that start with the prelude (not the driver)
    with_pch = _DetectorCompiler(tools.clang, tools.version, march, march, "",
                                 plain.detector_flags + (("-include-pch", pch) if pch else ()))
    prelude = toolchain.prelude_text("omp")
    driver_tu = f'#line 1 "driver.cpp"\n{problem.source("driver.cpp")}'
    base_tu = toolchain.candidate_tu(problem, extract_candidate(problem.source("baseline.cpp"),
                                                                problem.function), "omp")
    cand_tu = toolchain.candidate_tu(problem, source, "omp")
    paths = []
    for what, tu, trusted in (("driver", driver_tu, True), ("baseline", base_tu, True),
                              ("candidate", cand_tu, False)):
        comp = plain if what == "driver" else with_pch
        key = toolchain.content_key("race-" + what, tu, prelude, problem.folder_hash, " ".join(comp.flags("omp")), tools.version)
        incl = [pch_dir] + ([problem.path, toolchain.INCLUDE_DIR] if trusted else [])
        b = toolchain._compile(tu, key, comp, "omp", incl, sandboxed=sandboxed and not trusted)
        seconds += b.seconds
        if not b.ok:
            first = next((ln for ln in b.diagnostics.splitlines() if "error" in ln),
                         (b.diagnostics.splitlines() or ["?"])[0])
            return [], f"clang++ cannot build the {what} ({first.strip()[:300]})", seconds
        paths.append(b.path)
    return paths, "", seconds


def check(problem: Problem, source: str, size: int, cpus: list, seed: int, march: str,
          sandboxed: bool, timeout_factor: float, timeout_min_s: float, eval_workers: int = 1,
          memory_bytes: int | None = None) -> RaceCheck:
    """Runs the race check of one omp candidate (its extracted ``source``) for
    ``problem``; ``size`` is the timed size, ``cpus`` the CPUs granted (the runner uses
    as many threads, at least 2). Returns a RaceCheck; every failure of the candidate or
    of the tools is a status, never an exception."""
    test = compiler_test(source)
    if test:
        return RaceCheck("rejected", why=f"the candidate tests which compiler builds it ({test}): the race "
                                         "detector's clang build could run other code than the timed g++ one")
    tools = find_tools()
    if isinstance(tools, str):
        return RaceCheck("unavailable", why=tools)
    runner, why, compile_s = _runner(tools, march)
    if not why:
        objs, why, s = _build_objects(problem, source, tools, march, sandboxed)
        compile_s += s
    if why:
        return RaceCheck("unavailable", why=why, compile_s=compile_s)
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
    job = f"{nonce}\n{timeout_factor!r} {max(timeout_min_s, MIN_CALL_S)!r}\n" + \
        "".join(f"{s} {sd}\n" for s, sd in cases)
    phases = _Phases(len(cases))
    out = sandbox.run([runner, *objs], sandboxed=sandboxed,
                      ro=sorted({os.path.dirname(p) for p in (runner, *objs)}), env=env,
                      limits=sandbox.Limits(memory_bytes=memory, pids=pids + 2, cpus=tuple(cpus),
                                            address_space=False),
                      stdin_bytes=job.encode(), timeout_s=RUN_TIMEOUT_S, protocol=True, nonce=nonce,
                      max_wall_s=10 * RUN_TIMEOUT_S, tail_bytes=1 << 16, check=phases)
    res = RaceCheck("clean", compile_s=compile_s, run_s=out.wall_s)
    kind, report = trim_report(out.stderr_tail)
    if out.forged:
        res.status, res.why = "rejected", (f"the race runner's private pipe carried a message it did not send "
                                           f"({out.forged}): an attempt to forge the race check")
    elif phases.done and out.returncode == 0:
        pass
    elif report and out.returncode == RACE_EXIT and phases.in_candidate:
        res.status, res.report = "race", report
        res.why = f"ThreadSanitizer found a {kind} in the candidate (report below)"
        # the case of the call that was running (its static constructors: the first)
        res.size, res.seed = cases[max(0, phases.calls - 1)]
    elif report and out.returncode == RACE_EXIT:
        res.status = "unavailable"
        res.why = f"the detector reported a {kind} in the problem's own driver or baseline"
    elif out.timed_out:
        res.status, res.why = "unavailable", "the candidate did not finish under the detector before its deadline"
    else:
        lines = [ln.strip() for ln in out.stderr_tail.splitlines() if ln.strip()] or ["no message"]
        said = [ln for ln in lines if "ThreadSanitizer" in ln or "race_runner" in ln] or lines
        where = "the candidate" if phases.in_candidate else "the race runner"
        res.status = "unavailable"
        res.why = f"{where} ended with exit code {out.returncode} under the detector: {said[-1][:300]}"
    return res


def record(res, rc: RaceCheck) -> bool:
    """Puts ``rc`` into the evidence of ``res`` (an EvalResult): ``race_check`` ("clean",
    or "unavailable: <reason>") and ``race_check_s`` (compile and run seconds); for a
    race also ``race`` (the trimmed report), ``why``, ``size``, ``seed`` and ``phase``,
    with the status ``incorrect``; for a rejection the status ``rejected`` and ``why``.
    Returns True when this decides the verdict."""
    res.evidence["race_check_s"] = {"compile_s": round(rc.compile_s, 3), "run_s": round(rc.run_s, 3)}
    if rc.status == "clean":
        res.evidence["race_check"] = "clean"
        return False
    if rc.status == "unavailable":
        res.evidence["race_check"] = f"unavailable: {rc.why}"
        return False
    res.evidence["race_check"] = rc.status
    res.status = "incorrect" if rc.status == "race" else "rejected"
    res.evidence["why"] = rc.why + (f":\n{rc.report}" if rc.report else "")
    if rc.status == "race":
        res.evidence.update({"race": rc.report, "size": rc.size, "seed": rc.seed, "phase": "race check"})
    return True


def apply(problem: Problem, source: str, res, size: int, cpus: list, sandboxed: bool, cfg) -> bool:
    """The race check of evaluate(): runs ``check`` for the candidate's extracted
    ``source`` with the evaluation's settings (``cfg``, an EvalConfig: seed, march,
    timeouts, workers, memory) and records it in ``res`` (see ``record``). Returns True
    when it decides the verdict (a race: incorrect; a rejection)."""
    rc = check(problem, source, size, cpus, cfg.seed, cfg.march, sandboxed, cfg.timeout_factor,
               cfg.timeout_min_s, cfg.eval_workers, cfg.memory_bytes)
    return record(res, rc)
