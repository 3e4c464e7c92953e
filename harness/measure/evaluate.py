"""One candidate for one problem -> an honest verdict and speedup (an EvalResult); several
candidates of one problem -> the same verdicts, judged in one batch (evaluate_batch).

The steps, in order: extract and compile the candidate in its own translation unit
(toolchain), screen the object's imports and instructions (screen), in omp mode run it
once under a race detector (races: a data race is incorrect), run a sandboxed worker,
the judge, whose two sides' callers load the baseline's and the candidate's objects (each
in a process of its own), which validates on several seeds and sizes (tiny, edge and
exactly the timed size) and times both sides interleaved with every timed output
checked, accepting from it only the message sequence asked for (ProtocolCheck), then
classify, and hold a correct candidate's time against this machine's roofline
(harness.measure.roofline: a time the hardware cannot give is ``rejected``, flagged
"impossible"; the figures go to evidence["roofline"]):

compile_error, link_error, runtime_error, timeout, incorrect, rejected, correct; and
infrastructure_error, set by an executor (harness.measure.executors) when the evaluation's worker
was lost twice: never a verdict on the candidate.

Threads: serial mode confines both sides to one CPU; omp mode gives both the same N
physical cores (harness.measure.topology.choose_cores: one NUMA node first, SMT siblings last)
with OMP_PLACES=cores, OMP_PROC_BIND=close, OMP_NUM_THREADS=N. Speedup =
T(baseline as written) / T(candidate on N threads), ParEval's definition.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import platform
import re
import secrets
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import cast

from ..core.errors import HarnessError
from ..core.fsutil import atomic_write
from . import omp_env, peaks, races, roofline, sandbox, screen, stats, toolchain, topology
from .suite import Problem, check_mode

STATUSES = (
    "compile_error",
    "link_error",
    "runtime_error",
    "timeout",
    "incorrect",
    "rejected",
    "correct",
    "infrastructure_error",
)
INFRASTRUCTURE_ERROR = "infrastructure_error"  # the worker was lost: no verdict
NO_VERDICT = (INFRASTRUCTURE_ERROR,)  # statuses that judge nothing: neither compiled nor failed
NOT_COMPILED = ("compile_error", "link_error")  # statuses of a candidate that did not build
# Bumped whenever the measurement protocol changes, so cached verdicts are not reused;
# the code that measures is also part of every verdict key (see _measurer_hash).
PROTOCOL_VERSION = "8"  # 2: the judge and its side runners (cpp/judge.cpp, cpp/side.cpp); 3: keyed timed inputs; 4: a code layout per pair; 5: layouts linked with gold where present; 6: a turn's small allocations from a per-turn arena (side.cpp); 7: each side a keeper and a caller stopped outside its windows (side.cpp, caller.cpp); 8: batches of candidates against one baseline, callers in namespaces of their own, the judge's own deadlines
SUSPICIOUS_FACTOR = 2.0  # a speedup above 2x the reference's is flagged
BATCH = 8  # candidates of one problem one judge takes at once (evaluate_batch)
RACE_CHECKS = ("default", "strict")  # EvalConfig.race_check, --race-check


@dataclass
class EvalConfig:
    """How to evaluate. Times in seconds, memory in bytes.

    threads: CPUs for omp mode (None: all this process may use); size: timed size S
    (None: the problem's default); quick: use the problem's quick size; seed: first seed
    (every validation case and timed pair derives its own from it; the timed calls'
    inputs are drawn under a secret key, so no candidate can predict them, while the
    validation cases keep their public seeds: cpp/include/harness/seeds.hpp input_seed); input_key: ""
    (a fresh secret key per evaluation) or 32 hex digits, an earlier evaluation's
    evidence["input_key"], to give every timed call that evaluation's inputs again
    (replaying a verdict); min_pairs/max_pairs:
    timed (baseline, candidate) pairs; budget_s: timed work after which timing stops
    once min_pairs are done; adaptive: also stop, at the end of a block of 4 pairs once
    min_pairs are done, as soon as the speedup is settled (its 99.5 % interval's half-width
    <= 2 % of it, or that interval clear of 1.0, 1.1 and 2.0, never below 9 pairs:
    cpp/include/harness/stopping.hpp settled()); False: the fixed rule alone (min_pairs, budget_s, max_pairs); min_measure_ns: shortest single measurement (ns; at least
    1000 x the clock resolution in any case, as nanobench does);
    timeout_factor/timeout_min_s: a candidate call may take max(timeout_min_s,
    timeout_factor x baseline time); memory_bytes: the worker's memory limit (None:
    harness.measure.topology.worker_limits, which scales with the CPUs and eval_workers, the
    evaluation workers sharing this node's RAM);
    max_eval_s: hard cap on one evaluation's worker (s); use_cache: reuse stored verdicts; unsafe: run
    without bubblewrap; march: the -march value; validate_only: no timing;
    profile: collect profiler evidence for lessons: the candidate's time at 1 thread
    (omp mode) and its hardware/software counters (perf_event_open, where permitted);
    screen: screen the compiled object's imports and instructions before loading it
    (harness.measure.screen); False only to test the defences behind the screen;
    race_check: "default" or "strict" (omp mode: a candidate whose race check could not
    cover the timed size, evidence["race_check"] "partial: ...", is then ``rejected``
    rather than judged on its outputs; harness.measure.races.record).
    """

    threads: int | None = None
    size: int | None = None
    quick: bool = False
    seed: int = 20240521
    input_key: str = ""
    min_pairs: int = 10
    max_pairs: int = 40
    budget_s: float = 3.0
    adaptive: bool = True
    min_measure_ns: float = 0.0
    timeout_factor: float = 10.0
    timeout_min_s: float = 2.0
    memory_bytes: int | None = None
    eval_workers: int = 1
    max_eval_s: float = 1800.0
    use_cache: bool = True
    unsafe: bool = False
    march: str = "native"
    validate_only: bool = False
    profile: bool = False
    screen: bool = True
    race_check: str = "default"


@dataclass
class EvalResult:
    """The verdict on one candidate. Times in ns unless the name says s.

    status: one of STATUSES, given at construction and changed only by decide() (the
    one place a verdict's status is decided); speedup/ci_low/ci_high: median of the per-pair ratios
    T(baseline)/T(candidate) with its 95 % CI (correct only; see harness.measure.stats); evidence: diagnostics, mismatch, signal or
    reason for the other statuses; flags: e.g. ["suspicious speedup"]; node, cpu_model,
    cpus: the host name, CPU model and CPU ids it was timed on; compile_s: the
    candidate's compile (s, 0 when cached); harness_compile_s: building the problem's
    driver and baseline objects (s, 0 when cached).
    """

    problem_id: str
    suite: str
    mode: str
    status: str
    size: int
    threads: int
    cpus: list = field(default_factory=list)
    node: str = ""
    cpu_model: str = ""
    size_label: str = ""
    speedup: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    ci_level: float = 0.95
    ratio_of_medians: float | None = None
    baseline_median_ns: float | None = None
    candidate_median_ns: float | None = None
    baseline_mdape: float | None = None
    candidate_mdape: float | None = None
    pairs: int = 0
    baseline_ns: list = field(default_factory=list)
    candidate_ns: list = field(default_factory=list)
    evidence: dict = field(default_factory=dict)
    flags: list = field(default_factory=list)
    compile_s: float = 0.0
    harness_compile_s: float = 0.0
    validation_s: float = 0.0
    timing_s: float = 0.0
    wall_s: float = 0.0
    cached: bool = False
    source: str = ""
    compiler: dict = field(default_factory=dict)
    key: str = ""

    def __setattr__(self, name: str, value) -> None:
        # the status is given once, at construction; after that decide() alone changes it
        if name == "status" and "status" in self.__dict__:
            raise AttributeError("an EvalResult's status changes only through EvalResult.decide()")
        super().__setattr__(name, value)

    def decide(self, status: str, why: str | None = None, **evidence) -> None:
        """The one place a verdict's status changes after construction (every step of
        evaluate_batch, the race check's record and settle, the roofline's impossibility
        check). ``status``: one of STATUSES; ``why``: evidence["why"] when given;
        ``evidence``: more evidence keys. A status other than "correct" leaves no speedup
        (speedup, ci_low, ci_high, ratio_of_medians None: only a correct verdict has one;
        a caller that wants the claimed figure kept puts it in the evidence first).

        Raises ValueError for a status outside STATUSES."""
        if status not in STATUSES:
            raise ValueError(f"a verdict's status is one of {', '.join(STATUSES)} (got {status!r})")
        object.__setattr__(self, "status", status)
        if status != "correct":
            self.speedup = self.ci_low = self.ci_high = self.ratio_of_medians = None
        if why is not None:
            self.evidence["why"] = why
        self.evidence.update(evidence)

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "EvalResult":
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


def cpus_for(mode: str, threads: int | None) -> list[int]:
    """CPU ids given to both sides: one CPU in serial mode, N physical cores in omp mode
    (all usable CPUs when ``threads`` is None), chosen by harness.measure.topology.choose_cores
    among the CPUs this process may use.

    Raises HarnessError if more threads are asked than CPUs available.
    """
    avail = sorted(os.sched_getaffinity(0))
    if threads is not None and threads < 1:
        raise HarnessError(f"--threads must be at least 1 (got {threads})")
    n = 1 if mode == "serial" else (len(avail) if threads is None else threads)
    return topology.choose_cores(topology.machine_topology(), avail, n)


def _validation_cases(problem: Problem, size: int, seed: int) -> list[list[int]]:
    cases = [[int(s), seed + 100 + i] for i, s in enumerate(problem.validate_sizes) if s <= size]
    # the timed size twice, with two seeds: an answer cached across calls fails here
    cases += [[size, seed + 98], [size, seed + 99]]
    return cases


def _fmt_bytes(n: int) -> str:
    """A byte count in the largest binary unit it reaches: "8 GiB", "256 MiB"."""
    for unit, f in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= f:
            return f"{n / f:.3g} {unit}"
    return f"{n} B"


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


@lru_cache(maxsize=1)
def _measurer_hash() -> str:
    """SHA-256 of the code that measures and judges (the _bench extension, the keeper and
    caller executables next to it, worker, sandbox and its protocol pump, screen, statistics, the
    race check and its runner, and this module), so a changed harness never reuses a
    verdict made by an older one."""
    from .. import _bench
    from . import worker

    h = hashlib.sha256()
    for mod in (_bench, worker, sandbox, screen, stats, races, sys.modules[__name__]):
        h.update(Path(cast(str, mod.__file__)).read_bytes())  # modules loaded from files: __file__ is set
    for exe in ("harness_side", "harness_caller"):
        h.update((Path(_bench.__file__).parent / exe).read_bytes())
    h.update(races.RUNNER_SOURCE.read_bytes())
    return h.hexdigest()


def _verdict_key(
    problem: Problem,
    cand_key: str,
    base_key: str,
    drv_key: str,
    mode: str,
    size: int,
    cpus: list,
    cfg: EvalConfig,
    layout_linker: str,
) -> str:
    parts = [
        PROTOCOL_VERSION,
        _measurer_hash(),
        layout_linker,
        problem.suite,
        problem.id,
        problem.folder_hash,
        cand_key,
        base_key,
        drv_key,
        mode,
        str(size),
        ",".join(map(str, cpus)),
        str(cfg.seed),
        cfg.input_key,
        str(cfg.min_pairs),
        str(cfg.max_pairs),
        str(cfg.budget_s),
        str(cfg.adaptive),
        str(cfg.min_measure_ns),
        str(cfg.validate_only),
        str(cfg.profile),
        str(cfg.screen),
        str(cfg.unsafe),
        str(cfg.timeout_factor),
        str(cfg.timeout_min_s),
        str(cfg.memory_bytes),
        str(cfg.max_eval_s),
        races.fingerprint() if mode == "omp" else "",
        cfg.race_check,
    ]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


WALL_PARTS = ("compile", "race_check", "validation", "code_layouts", "input_generation", "timed_calls", "other")


def wall_parts(res: EvalResult) -> dict:
    """Where an evaluation's wall went, in seconds, from its own figures: {part: s} for
    WALL_PARTS. compile: the candidate's and the harness's objects; race_check: the
    detector's compile and run; validation: the validation calls (both sides' kernel
    time); code_layouts: the wall the judge waited for its layouts' links (the first go
    beside its start, so less than their own time, ``code_layouts_s``, where they were
    done before it asked); input_generation: the judge's generator (a turn's inputs,
    once), the keepers' copies of them, and the judge's comparison instances' inputs;
    timed_calls: the timed windows' kernel time of both sides; other: the rest of the wall
    (process start-up, the sandbox, reports, comparisons, waits). Raises nothing: a
    missing figure counts 0."""
    ev = res.evidence
    race = ev.get("race_check_s") or {}
    parts = {
        "compile": (res.compile_s or 0.0) + (res.harness_compile_s or 0.0),
        "race_check": float(race.get("compile_s", 0.0)) + float(race.get("run_s", 0.0)),
        "validation": res.validation_s or 0.0,
        "code_layouts": float(ev.get("code_layouts_waited_s") or 0.0),
        "input_generation": float(ev.get("generation_s") or 0.0),
        "timed_calls": res.timing_s or 0.0,
    }
    parts["other"] = max(0.0, (res.wall_s or 0.0) - sum(parts.values()))
    return {k: round(v, 3) for k, v in parts.items()}


def evaluate(problem: Problem, text: str, mode: str, cfg: EvalConfig | None = None) -> EvalResult:
    """Evaluates a candidate (model reply or source text) for ``problem`` in ``mode``.

    Returns an EvalResult; every failure of the candidate is a status, not an exception.
    Raises HarnessError for the user's errors (bad mode, no compiler or one that fails in
    the sandbox, no sandbox, more threads than CPUs, no binutils), if the problem
    folder itself does not build, and (toolchain.DiskFullError) when the cache's disk is
    nearly full: no candidate is charged for the harness's trouble. The same as
    ``evaluate_batch(problem, [text], mode, cfg)[0]``.
    """
    return evaluate_batch(problem, [text], mode, cfg)[0]


@dataclass
class _Pending:
    """A candidate of a batch that reached the judge: its result so far, its object, the
    monotonic time its own steps took (s), and whether it is validated only."""

    res: EvalResult
    build: toolchain.BuildResult
    own_s: float
    validate_only: bool
    store: Path
    layouts: CandidateLayouts | None = None


def batch_limit(problem: Problem, size: int, cfg: EvalConfig, cpus: int, batch: int) -> int:
    """How many candidates one judge takes at once: ``batch``, fewer when the worker's
    memory limit (cfg.memory_bytes or topology.worker_limits) would not hold that many
    sides. Each side (the baseline and every candidate) and the judge's generator (which
    makes every turn's inputs once for all sides) is counted at three times the problem's
    compulsory traffic at ``size`` (harness.measure.work: its inputs and outputs once; a
    side holds them, a turn's batch of calls more: at least kBatchBytes, 256 MiB) and three
    quarters of the limit are shared out. A problem without a work model gets the 256 MiB
    figure alone. At least 1."""
    memory = cfg.memory_bytes or topology.worker_limits(cpus, cfg.eval_workers)[1]
    per = 256 << 20
    try:
        from .roofline import work_of  # noqa: PLC0415 - only for the estimate

        w = work_of(problem)
        if w is not None and not w.counts:
            per = max(per, int(3 * float(w.bytes_min_at(size))))
    except (OSError, ValueError, ZeroDivisionError, OverflowError):
        pass
    return max(1, min(batch, int(0.75 * memory) // per - 2))


def evaluate_batch(
    problem: Problem, texts: list[str], mode: str, cfg: EvalConfig | None = None, batch: int = BATCH
) -> list[EvalResult]:
    """Evaluates several candidates of one problem (replies or source texts) in ``mode``:
    one EvalResult per text, in order, each the verdict evaluate() gives it alone (the
    same steps, checks and statuses). Each candidate is compiled, screened, looked up in
    the verdict cache and (omp) race-checked on its own; those that reach the judge are
    judged together, up to ``batch`` at a time (fewer where the memory limit asks,
    batch_limit()), in one worker: one baseline timed once per pair and each candidate's
    speedup from its pairs with that pair's baseline time (cpp/judge.cpp Bench::measure).
    The baseline's times are then shared by the candidates of a batch: their intervals are
    correlated with one another (each as valid as alone). A candidate that crashes, hangs
    or is rejected leaves its batch without changing the others' verdicts; when the batch
    itself cannot go on (a baseline process died with several candidates in it, callers
    without namespaces of their own, a lost worker), the candidates without a verdict are
    judged again one at a time. evidence["batch"] = {"size", "index"} says which batch a
    verdict came from. A candidate's wall_s is its share (1/N of the N texts) of the harness's
    builds, of the compiles and of the steps before the judge that run side by side
    (screen, cache, the race check's builds: its own figures in wall_parts may sum to more
    than its share), its own runs under the race detector (one at a time), and its share
    (1/K) of its batch's worker. ``batch`` 1 judges every candidate alone.

    Raises HarnessError as evaluate() does, and for ``batch`` < 1.
    """
    cfg = cfg or EvalConfig()
    check_mode(mode)
    if batch < 1:
        raise HarnessError(f"batch: at least 1 candidate per judge (got {batch})")
    if cfg.min_pairs < 1 or cfg.max_pairs < cfg.min_pairs:
        raise HarnessError(
            f"timed pairs: min_pairs must be at least 1 and max_pairs at least min_pairs "
            f"(got {cfg.min_pairs}, {cfg.max_pairs})"
        )
    if cfg.race_check not in RACE_CHECKS:
        raise HarnessError(f"race check: one of {', '.join(RACE_CHECKS)} expected (got {cfg.race_check!r})")
    if cfg.input_key and not re.fullmatch(r"[0-9a-f]{32}", cfg.input_key):
        raise HarnessError(f"input_key: 32 lowercase hex digits expected (got {cfg.input_key!r})")
    t_start = time.monotonic()
    sandboxed = sandbox.require_sandbox(cfg.unsafe)
    comp = toolchain.find_compiler(cfg.march)
    if sandboxed:
        toolchain.check_sandboxed_compiler(comp)
    size = cfg.size if cfg.size is not None else problem.default_size(mode, cfg.quick)
    cpus = cpus_for(mode, cfg.threads)
    drv = toolchain.build_trusted(problem, "driver", mode, comp)
    base = toolchain.build_trusted(problem, "baseline", mode, comp)
    shared_s = time.monotonic() - t_start  # the harness's own builds: every candidate's
    # the inputs' key (cpp/include/harness/seeds.hpp input_seed): drawn here, where no candidate reaches,
    # handed to the race checks and the judge, and kept with every verdict for replaying
    # it; every side's code layouts are drawn from it too
    key = cfg.input_key or secrets.token_hex(16)
    # the candidates' compiles side by side, one per CPU this process may use (nothing of
    # this batch is timed yet); their wall is shared out like the harness's builds
    t0 = time.monotonic()
    built = _side_by_side(lambda t: toolchain.build_candidate(problem, t, mode, comp, sandboxed), texts)
    shared_s += (time.monotonic() - t0) / max(1, len(texts))
    results: list[EvalResult] = []
    pending: list[_Pending] = []
    # each candidate's own steps before the judge, side by side as the compiles were
    # (screen, cache lookup, the race check's builds and static checks: nothing runs
    # under the detector there), then the runs under the detector one at a time, alone on
    # the granted CPUs (races.PlannedCheck.run; the baseline's at most once per batch)
    t0 = time.monotonic()
    prepared = _side_by_side(
        lambda b: _prepare(problem, b[0], b[1], mode, cfg, comp, sandboxed, size, cpus, drv, base, key), built
    )
    shared_s += (time.monotonic() - t0) / max(1, len(texts))
    for res, p, race in prepared:
        res.wall_s = shared_s
        if race is not None and p is not None:
            t0 = time.monotonic()
            rc = race.run() if isinstance(race, races.PlannedCheck) else race
            if races.record(res, rc, cfg.race_check == "strict"):
                atomic_write(p.store, json.dumps(res.to_dict()))
                p = None
            else:  # judged; one that failed under the detector is validated, not timed
                p.validate_only = cfg.validate_only or bool(races.unchecked(res))
            res.wall_s += time.monotonic() - t0
        results.append(res)
        if p is None and res.cached:  # nothing validated or timed now: the builds and the lookup
            res.evidence["wall_parts"]["other"] = round(max(0.0, res.wall_s - res.compile_s), 3)
        elif p is None:
            res.evidence["wall_parts"] = wall_parts(res)
        else:
            p.own_s = res.wall_s
            pending.append(p)
    k = batch_limit(problem, size, cfg, len(cpus), batch)
    scratch = Path(tempfile.mkdtemp(prefix="layouts-", dir=toolchain.cache_root()))
    try:
        for only in (False, True):
            group = [p for p in pending if p.validate_only == only]
            for i in range(0, len(group), k):
                _judge(problem, group[i : i + k], mode, size, cpus, drv, base, sandboxed, cfg, comp, key, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for p in pending:
        res = p.res
        races.settle(res)
        res.evidence["wall_parts"] = wall_parts(res)
        # deterministic enough to reuse; not `rejected`: the CPU accounting's rules judge noisy
        # kernel figures, and a rejection by noise would stick to the source until the code changed
        if res.status in ("correct", "incorrect"):
            atomic_write(p.store, json.dumps(res.to_dict()))
        # after storing: a stored verdict meets the roofs of the day it is read again
        roofline.apply(problem, res, peaks.load_roofs(mode, len(cpus), comp))
    return results


def _prepare(
    problem: Problem,
    build: toolchain.BuildResult,
    source: str,
    mode: str,
    cfg: EvalConfig,
    comp: toolchain.Compiler,
    sandboxed: bool,
    size: int,
    cpus: list,
    drv: toolchain.BuildResult,
    base: toolchain.BuildResult,
    key: str,
) -> tuple[EvalResult, _Pending | None, races.RaceCheck | races.PlannedCheck | None]:
    """A candidate's own steps before the judge, after its compile (``build`` of its
    extracted ``source``): screen, the verdict cache, the race check's plan (omp: its
    builds and static checks, races.plan_check). Called for a batch's candidates side by
    side. Returns its result, its _Pending when it goes on (None when these steps decided
    it: the result is final) and, in omp mode, the race check's plan (a PlannedCheck, its
    runs still to make, or the RaceCheck when the plan decided), to be recorded after the
    side-by-side steps; None in serial mode."""
    # no verdict until a step decides one (EvalResult.decide): a candidate the steps lost
    # would be the harness's trouble, never a failure charged to the candidate
    res = EvalResult(
        problem.id,
        problem.suite,
        mode,
        INFRASTRUCTURE_ERROR,
        size,
        len(cpus),
        cpus,
        node=platform.node(),
        cpu_model=topology.machine_topology().cpu_model,
        size_label=problem.size_label(size),
        source=source,
        compiler=comp.describe(mode),
        compile_s=build.seconds,
        harness_compile_s=drv.seconds + base.seconds,
    )
    if not build.ok:
        res.decide(build.status, diagnostics=build.diagnostics)
        if build.status == "link_error":
            res.evidence["expected_signature"] = problem.signature
        return res, None, None
    if build.remarks:
        res.evidence["opt_remarks"] = build.remarks
    vkey = _verdict_key(problem, build.key, base.key, drv.key, mode, size, cpus, cfg, comp.layout_linker)
    res.key = vkey
    # before the cache: a verdict is only ever stored for an object that passed the screen
    banned = screen.screen_object(build.path, sandboxed) if cfg.screen else []
    if banned:
        res.decide(
            "rejected",
            "the candidate uses what candidates may not (files, processes, "
            "signals, system calls ...; see harness/measure/screen.py): " + "; ".join(banned),
            screen=banned,
        )
        return res, None, None
    store = toolchain.cache_root() / "verdicts" / vkey[:2] / f"{vkey}.json"
    if cfg.use_cache and store.exists():
        cached = EvalResult.from_dict(json.loads(store.read_text()))
        cached.cached = True
        cached.node, cached.cpu_model = res.node, res.cpu_model
        cached.compile_s = build.seconds
        roofline.apply(problem, cached, peaks.load_roofs(mode, len(cpus), comp))
        # nothing was validated or timed now: all of this wall is the build and the lookup
        cached.evidence["wall_parts"] = {**dict.fromkeys(WALL_PARTS, 0.0), "compile": round(build.seconds, 3)}
        return cached, None, None
    res.evidence["input_key"] = key
    pending = _Pending(res, build, 0.0, cfg.validate_only, store)
    if mode != "omp":
        return res, pending, None
    # omp mode: a data race is incorrect whatever the outputs (harness.measure.races)
    return (
        res,
        pending,
        races.plan_check(
            problem,
            source,
            size,
            cpus,
            cfg.seed,
            comp,
            sandboxed,
            cfg.timeout_factor,
            cfg.timeout_min_s,
            cfg.eval_workers,
            cfg.memory_bytes,
            key,
        ),
    )


def _side_by_side(fn: Callable, items: list) -> list:
    """[fn(x) for x in items], as many at a time as this process may use CPUs (threads:
    the work is child processes, builds and the like, never timed). The first error
    cancels the calls not started, waits for those running and is raised."""
    pool = ThreadPoolExecutor(max_workers=max(1, min(len(items), len(os.sched_getaffinity(0)))))
    futures = [pool.submit(fn, x) for x in items]
    try:
        wait(futures, return_when=FIRST_EXCEPTION)
        return [f.result() for f in futures]
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    finally:
        pool.shutdown(wait=True)


def _judge(
    problem: Problem,
    group: list[_Pending],
    mode: str,
    size: int,
    cpus: list,
    drv: toolchain.BuildResult,
    base: toolchain.BuildResult,
    sandboxed: bool,
    cfg: EvalConfig,
    comp: toolchain.Compiler,
    key: str,
    scratch: Path,
) -> None:
    """One batch through the judge (its code layouts linked beside the judge's start,
    _FirstLinks), its verdicts into each _Pending's result; what the batch could not
    decide, again one at a time."""
    t0 = time.monotonic()
    timed = not group[0].validate_only
    for i, p in enumerate(group):
        p.res.evidence["batch"] = {"size": len(group), "index": i}

    # other work on the machine distorts timing (spinning OpenMP barriers suffer most)
    for p in group:
        p.res.evidence["load_avg_1min"] = round(os.getloadavg()[0], 2)
    base_layouts: list[str] = []
    first: _FirstLinks | None = None
    if timed:
        # the layouts' paths now; their links go beside the judge's start (its sandbox,
        # processes and the sides' loads), which asks for them before its first
        # validation case and waits only for what is not linked by then
        for i, p in enumerate(group):
            p.layouts = None  # a candidate judged again links its own anew
            # a folder each: layouts are named by their padding, and two candidates' pads may meet
            base_layouts, p.layouts = code_layouts(
                base,
                p.build,
                key,
                cfg.max_pairs,
                scratch / secrets.token_hex(8),
                comp,
                mode,
                sandboxed,
                label="candidate" if i == 0 else f"candidate{i}",
            )
            # a candidate judged again (its batch split) adds its links there to these
            p.res.evidence.setdefault("code_layouts_s", 0.0)
            p.res.evidence.setdefault("code_layouts_waited_s", 0.0)
    try:
        if timed:
            first = _FirstLinks(group, base, key, cfg, comp, mode)
        again = _run_worker(
            problem,
            group,
            mode,
            size,
            cpus,
            drv.path,
            base.path,
            base_layouts,
            sandboxed,
            replace(cfg, validate_only=not timed),
            key,
            first,
        )
    finally:
        if first is not None:
            first.close()
    share = (time.monotonic() - t0) / max(1, len(group))
    for p in group:
        p.own_s += share
        p.res.wall_s = p.own_s
    for p in again:
        _judge(problem, [p], mode, size, cpus, drv, base, sandboxed, cfg, comp, key, scratch)


LAYOUT_BLOCK = 4  # the judge's blocks of pairs (stopping.hpp): the first layouts asked for on demand


def first_layouts(cfg: EvalConfig) -> int:
    """How many of a candidate's code layouts are linked before the judge's first timed
    window (beside its start, _FirstLinks): those of the pairs every evaluation times
    (min_pairs, up to the end of its block of LAYOUT_BLOCK pairs, where the judge first
    may stop), at most max_pairs. The judge asks for more only while it goes on
    (_link_more)."""
    return min(cfg.max_pairs, -(-cfg.min_pairs // LAYOUT_BLOCK) * LAYOUT_BLOCK)


class _FirstLinks:
    """The first code layouts of a batch (the baseline's missing ones, then each
    candidate's first_layouts(cfg), side by side), linked on a thread of their own while
    the judge starts: its sandbox, processes and the sides' loads go on meanwhile, at the
    idle scheduling class (SCHED_IDLE: on the evaluation's CPUs they take only the time
    its processes leave; on other CPUs, and once the judge waits for them, they run at
    full speed). The judge asks for them before its first validation case (Bench
    first_layouts, a ``layouts`` request for pair 0: no link runs beside a call of a side,
    whose deadlines a hostile copy walking the folders being linked into once outlasted)
    and waits there only for what is not linked yet (wait()). Each candidate's
    ``code_layouts_s`` counts its own links."""

    def __init__(
        self,
        group: list[_Pending],
        base: toolchain.BuildResult,
        key: str,
        cfg: EvalConfig,
        comp: toolchain.Compiler,
        mode: str,
    ):
        self.upto = first_layouts(cfg)
        self._group = group
        pool = ThreadPoolExecutor(max_workers=1)
        self._future = pool.submit(self._link, base, key, cfg.max_pairs, comp, mode)
        pool.shutdown(wait=False)

    def _link(self, base, key: str, max_pairs: int, comp, mode: str) -> dict:
        # this thread's class: the threads and processes it starts inherit it (where a
        # container refuses it, they link at the usual priority: slower beside validation)
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        baseline_layouts(base, key, max_pairs, comp, mode)  # HarnessError: the harness's fault
        whys = _side_by_side(lambda p: _link_candidate(p, self.upto), self._group)
        return {i: w for i, w in enumerate(whys) if w}

    def wait(self) -> dict:
        """{candidate index: why its object did not link again} once every first layout
        is linked. Raises what the links raised: HarnessError if the baseline's did not
        link (DiskFullError where the cache's disk is full), OSError."""
        return self._future.result()

    def close(self) -> None:
        """Waits for the links (the scratch folder is removed after the judge). A
        HarnessError was the judge's to hear, and it did not ask (no candidate was timed):
        the next evaluation that times meets it again; anything else is raised."""
        try:
            self._future.result()
        except HarnessError:
            pass


@dataclass
class CandidateLayouts:
    """A candidate's code layouts: its object (``build``), the paddings drawn for it
    (``pads``, bytes, one per layout: toolchain.layout_pads), the folder they are linked
    into and how many of them, from the first, are linked (``linked``)."""

    build: toolchain.BuildResult
    pads: list
    folder: Path
    comp: toolchain.Compiler
    mode: str
    sandboxed: bool
    linked: int = 0

    @property
    def paths(self) -> list[str]:
        """Every layout's path, linked or not, in the order of the pads (one per pair, cycled)."""
        return toolchain.layout_paths(self.pads, self.folder)

    def link(self, pairs: int) -> None:
        """Links the layouts of the first ``pairs`` pairs (all of them when the pads are
        fewer: they are cycled). Raises toolchain.LayoutError if one does not link."""
        n = min(pairs, len(self.pads))
        if n > self.linked:
            toolchain.layout_variants(self.build, self.pads[:n], self.folder, self.comp, self.mode, self.sandboxed)
            self.linked = n


def code_layouts(
    base: toolchain.BuildResult,
    cand: toolchain.BuildResult,
    input_key: str,
    pairs: int,
    scratch: Path,
    comp: toolchain.Compiler,
    mode: str,
    sandboxed: bool,
    label: str = "candidate",
) -> tuple[list[str], CandidateLayouts]:
    """The code layouts the judge times, one per pair: (the paths of the baseline's shared
    objects, the candidate's CandidateLayouts), none linked yet (_FirstLinks, _link_more
    link them): each its side's compiled code linked after a padding of
    its own size (toolchain.layout_variants, with the compiler's layout linker),
    min(pairs, LAYOUTS) per side; fewer, cycled over the
    pairs, for an object so large that they would pass LAYOUT_BYTES (2 at least). Fewer
    layouts than pairs make pairs that share one correlated, which the interval does not
    see: 16 layouts for 40 pairs left 4 of 18 A/A intervals of placement-sensitive scans
    excluding 1.0, one per pair 1 of 18 (benchmarks/code_placement.py, Zen 4). The
    baseline's are all linked before its first pair (baseline_layouts); the candidate's
    only as far as its pairs go (first_layouts, then on demand).

    Both sides' paddings are drawn from the evaluation's secret input key and ``label``
    (each candidate of a batch its own: "candidate", "candidate1", ...; a replay with that
    key and label gets them again). The baseline's objects are kept in its build folder (a folder
    per layout linker), so
    over evaluations all 256 of its layouts get built once; the candidate's are linked,
    in the sandbox, into ``scratch``, which the caller removes.

    Why: where a build places the code in its pages (alignment of loops against 32- and
    64-byte fetch blocks, branch-predictor and cache sets) was measured to move the time
    of identical code by 4-37 % (benchmarks/code_placement.py; Mytkowicz et al., ASPLOS
    2009). One build per side would make that placement a fixed error of every speedup,
    outside its interval; a fresh placement per pair makes it part of the pairs' noise,
    inside the interval, as Stabilizer's re-randomisation does (Curtsinger and Berger,
    ASPLOS 2013).

    Raises toolchain.LayoutError if the candidate's object does not link again (the
    baseline's failing is the harness's fault: HarnessError).
    """

    b = baseline_layouts(base, input_key, pairs, comp, mode, link=False)
    c = CandidateLayouts(
        cand, toolchain.layout_pads(f"{input_key}:{label}", _layout_count(cand, pairs)), scratch, comp, mode, sandboxed
    )
    scratch.mkdir(parents=True, exist_ok=True)  # the judge's sandbox maps it, linked or not yet
    return b, c


def _layout_count(build: toolchain.BuildResult, pairs: int) -> int:
    """How many code layouts an object gets: one per pair, at most toolchain.LAYOUTS, and
    fewer (2 at least) where they would pass toolchain.LAYOUT_BYTES."""
    size = max(1, os.path.getsize(build.path))
    return min(pairs, toolchain.LAYOUTS, max(2, toolchain.LAYOUT_BYTES // size))


def baseline_layouts(
    base: toolchain.BuildResult, input_key: str, pairs: int, comp: toolchain.Compiler, mode: str, link: bool = True
) -> list[str]:
    """The baseline's code layouts for an evaluation (see code_layouts): their paths in its
    build folder, those missing linked first when ``link`` (else only the folder made).

    Raises HarnessError if one does not link (the harness's fault)."""
    pads = toolchain.layout_pads(f"{input_key}:baseline", _layout_count(base, pairs))
    folder = Path(base.path).parent / f"layouts-{comp.layout_linker or 'default'}"
    if not link:
        folder.mkdir(parents=True, exist_ok=True)
        return toolchain.layout_paths(pads, folder)
    try:
        return toolchain.layout_variants(base, pads, folder, comp, mode, sandboxed=False)
    except toolchain.LayoutError as e:
        raise HarnessError(f"the baseline: {e}") from None


def _is_ns(x) -> bool:
    """A time in ns as the worker reports it: a finite number >= 0."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x < float("inf")


class _CandidateCheck:
    """The messages of one candidate of a batch (see ProtocolCheck)."""

    _CASE_STATUSES = ("ok", "incorrect", "rejected", "runtime_error", "timeout")

    def __init__(self, job: dict):
        self.cases = [tuple(c) for c in job["validate"]]
        self.job = job
        self.seen = 0  # validated events accepted
        self.failed: dict | None = None  # the validated event that failed, if any
        self.done = False  # the result was accepted
        self.link_failed = False  # a layout the judge asked for did not link (the orchestrator's finding)

    def __call__(self, m: dict) -> str:
        if self.done:
            return f"a {m.get('event')!r} message after the candidate's result"
        if m.get("event") == "validated":
            return self._validated(m)
        if m.get("event") == "result":
            self.done = True
            return self._result(m)
        return f"an unknown event {m.get('event')!r}"

    def _validated(self, m: dict) -> str:
        if self.failed is not None:
            return "a validation event after a failed case"
        if self.seen >= len(self.cases):
            return f"validation event {self.seen + 1}, but the job has {len(self.cases)} cases"
        size, seed = self.cases[self.seen]
        if (m.get("size"), m.get("seed")) != (size, seed):
            return (
                f"validation event {self.seen + 1} for size {m.get('size')!r}, seed "
                f"{m.get('seed')!r}; the job's case is size {size}, seed {seed}"
            )
        if m.get("status") not in self._CASE_STATUSES:
            return f"validation event {self.seen + 1} with status {m.get('status')!r}"
        if not (_is_ns(m.get("baseline_ns")) and _is_ns(m.get("candidate_ns"))):
            return f"validation event {self.seen + 1} without valid times"
        self.seen += 1
        if m["status"] != "ok":
            self.failed = m
        return ""

    def _result(self, m: dict) -> str:
        status, phase = m.get("status"), m.get("phase")
        if status != "ok" and not isinstance(m.get("why"), str):
            return f"a {status!r} result without a reason"
        if "exit_code" in m and (
            status != "runtime_error" or not isinstance(m["exit_code"], int) or isinstance(m["exit_code"], bool)
        ):
            return f"a {status!r} result with exit_code={m['exit_code']!r}"
        if status == "link_error":
            relinked = self.link_failed and phase == "timing" and self.seen == len(self.cases)
            return (
                ""
                if (self.seen == 0 or relinked) and isinstance(m.get("why"), str)
                else "a link_error result after the candidate was loaded"
            )
        if phase == "load":
            return (
                ""
                if self.seen == 0 and status in ("runtime_error", "rejected", "timeout")
                else f"a {status!r} result of phase 'load' after {self.seen} validation cases"
            )
        if self.failed is not None:
            f = self.failed
            if (status, phase, m.get("size"), m.get("seed")) != (f["status"], "validation", f["size"], f["seed"]):
                return "a result that does not report the failed validation case"
            return ""
        if self.seen < len(self.cases):
            return f"a result after {self.seen} of {len(self.cases)} validation cases"
        if not self.job.get("measure", True):
            return (
                ""
                if (status, phase) == ("ok", "validation")
                else f"a result with status {status!r}, phase {phase!r} for a job without timing"
            )
        if phase != "timing":
            return f"a result of phase {phase!r} where the timing result was due"
        return self._timing(m)

    def _timing(self, m: dict) -> str:
        job, status = self.job, m.get("status")
        if status not in self._CASE_STATUSES:
            return f"a timing result with status {status!r}"
        if (m.get("size"), m.get("seed0")) != (job["size"], job["seed0"]):
            return (
                f"a timing result for size {m.get('size')!r}, seed {m.get('seed0')!r}; the job "
                f"asked for size {job['size']}, seed {job['seed0']}"
            )
        b, c = m.get("baseline_ns"), m.get("candidate_ns")
        if not (isinstance(b, list) and isinstance(c, list) and len(b) == len(c)):
            return "a timing result without one baseline time per candidate time"
        if len(b) > job["max_pairs"] or (status == "ok" and len(b) < job["min_pairs"]):
            return f"a timing result with {len(b)} pairs; the job asked for {job['min_pairs']} to {job['max_pairs']}"
        stops = ("settled", "budget", "max_pairs") if job.get("adaptive") else ("budget", "max_pairs")
        if status == "ok" and (
            m.get("stopped") not in stops or (m.get("stopped") == "max_pairs") != (len(b) == job["max_pairs"])
        ):
            return f"a timing result that stopped for {m.get('stopped')!r} after {len(b)} pairs"
        if not all(_is_ns(x) and x > 0 for x in b + c):
            return "a timing result with a time that is not a positive finite number"
        order, relinked = m.get("order"), m.get("relinked")
        if not (isinstance(order, str) and len(order) == len(c) and set(order) <= {"B", "C"}):
            return f"a timing result whose order {order!r} does not give one 'B' or 'C' per pair"
        if not (
            isinstance(relinked, list)
            and all(
                isinstance(r, list)
                and len(r) == 2
                and type(r[0]) is int
                and 0 < r[0] < job["max_pairs"]
                and isinstance(r[1], bool)
                for r in relinked
            )
        ):
            return f"a timing result whose on-demand links {relinked!r} are not [pair, swapped] pairs"
        # a timing that ended in a failure (a side's process died: no thread count, -1;
        # calibration not reached: no iteration counts) carries what the judge had
        least = 1 if status == "ok" else -1
        for k in ("baseline_iters", "candidate_iters", "omp_max_threads", "process_threads"):
            if not (isinstance(m.get(k), int) and not isinstance(m.get(k), bool) and m[k] >= least):
                return f"a timing result with {k}={m.get(k)!r}"
        if not (
            _is_ns(m.get("clock_resolution_ns")) and _is_ns(m.get("generation_ns")) and isinstance(m.get("cpus"), list)
        ):
            return "a timing result without its clock resolution, generation time or CPUs"
        acct = m.get("cpu_accounting")
        if not (
            _is_ns(m.get("doorbell_ns"))
            and isinstance(acct, dict)
            and set(acct) == self._ACCOUNTING
            and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x) < float("inf") for x in acct.values()
            )
        ):
            return "a timing result without its doorbell round trip or CPU accounting figures"
        return ""

    _ACCOUNTING = {
        "candidate_outside_ms",
        "baseline_outside_ms",
        "candidate_window_cpu_ms",
        "baseline_window_cpu_ms",
        "windows",
        "candidate_idle_ms",
        "baseline_idle_ms",
        "idle_limit_ms",
    }


class ProtocolCheck:
    """The message sequence the orchestrator asked the worker for, checked one message at
    a time (the ``check`` of sandbox.run).

    job: the job sent to the worker (keys candidates: K objects, validate: [[size, seed],
    ...], measure, size, seed0, min_pairs, max_pairs, adaptive). Every message but the last
    names its candidate (``candidate``: 0 <= i < K), and each candidate's messages follow
    the sequence asked of it: one ``validated`` event per validation case, in the job's
    order and with its size and seed, each with status "ok" until one fails; then exactly
    one ``result``: of the failing case (its status, size and seed, phase "validation"), or
    after all cases either "ok" in phase "validation" (no timing) or the timing result
    (the job's size and seed0, as many baseline as candidate times, all finite, at least
    min_pairs when "ok" and at most max_pairs, the doorbell round trip and the CPU
    accounting figures); a ``link_error`` result, or a ``runtime_error`` / ``rejected`` /
    ``timeout`` one in phase "load" (a process of its side died while loading, its
    constructors started threads or outlasted their deadline), only before any case. A
    ``runtime_error`` result may carry the dead process's ``exit_code`` (an int: -signal or
    the code). Last, one ``end`` event for the batch: status "ok" once every candidate has
    its result, or "setup_error", "split" or "no_batch" (with a reason) before that. Nothing
    after it. Where the job links code layouts on demand (``layouts_ready``), ``layouts``
    requests may come between: each for the pair where the layouts linked so far end
    (layouts_ready, then where the orchestrator's last answer said they end:
    ``next_layouts``, which _link_more sets) and the candidates still without a result;
    a candidate whose layout the orchestrator then could not link (its ``link_failed``)
    may have a link_error result in phase "timing". Calling the instance with a message
    returns "" if it is the one expected next, else why it is not (the message is then
    forged: a process that sends it is killed).
    """

    END_STATUSES = ("ok", "setup_error", "split", "no_batch")

    def __init__(self, job: dict):
        self.candidates = [_CandidateCheck(job) for _ in job["candidates"]]
        self.end: dict | None = None  # the end event, once accepted
        self.max_pairs = job.get("max_pairs", 0)
        self.next_layouts = job.get("layouts_ready")  # the pair the next layouts request is for

    def __call__(self, m: dict) -> str:
        if self.end is not None:
            return f"a {m.get('event')!r} message after the end"
        if m.get("event") == "layouts":
            return self._layouts(m)
        if m.get("event") == "end":
            status = m.get("status")
            if status not in self.END_STATUSES or not isinstance(m.get("why"), str):
                return f"an end with status {status!r}"
            if status == "ok" and not all(c.done for c in self.candidates):
                return "an ok end before every candidate's result"
            self.end = m
            return ""
        i = m.get("candidate")
        if not (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(self.candidates)):
            return f"a {m.get('event')!r} message for candidate {i!r} of {len(self.candidates)}"
        return self.candidates[i](m)

    def _layouts(self, m: dict) -> str:
        pair, asked = m.get("pair"), m.get("candidates")
        if self.next_layouts is None or pair != self.next_layouts or not pair < self.max_pairs:
            return f"a layouts request for pair {pair!r}; the next one due is for {self.next_layouts!r}"
        if not (
            isinstance(asked, list)
            and asked
            and len(set(map(repr, asked))) == len(asked)
            and all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(self.candidates) for i in asked)
            and not any(self.candidates[i].done for i in asked)
        ):
            return f"a layouts request for candidates {asked!r}"
        self.next_layouts = None  # until the answer says where the linked ones end
        return ""


def _run_worker(
    problem: Problem,
    batch: list[_Pending],
    mode: str,
    size: int,
    cpus: list,
    drv: str,
    base: str,
    base_layouts: list[str],
    sandboxed: bool,
    cfg: EvalConfig,
    key: str,
    first: _FirstLinks | None = None,
) -> list[_Pending]:
    """Runs the judge (the sandboxed worker) on ``batch`` and writes each candidate's
    verdict into its result; ``first``: the code layouts being linked beside it (the
    judge's first ``layouts`` request waits for them). Returns the candidates the batch
    could not decide, to be judged again one at a time (empty for a batch of one).

    Raises HarnessError when the judge reports the harness's or the problem's failure."""
    nonce = secrets.token_hex(16)
    cand_layouts: list[list[str]] = [p.layouts.paths for p in batch if p.layouts is not None] if base_layouts else []
    job = {
        "nonce": nonce,
        "driver": drv,
        "baseline": base,
        "candidates": [p.build.path for p in batch],
        "baseline_layouts": base_layouts,
        "candidate_layouts": cand_layouts,
        "layouts_ready": 0 if first is not None else None,
        "rtol": problem.rtol,
        "atol": problem.atol,
        "timeout_factor": cfg.timeout_factor,
        "timeout_min_s": cfg.timeout_min_s,
        "validate": _validation_cases(problem, size, cfg.seed),
        "size": size,
        "seed0": cfg.seed,
        "min_pairs": cfg.min_pairs,
        "max_pairs": cfg.max_pairs,
        "budget_s": cfg.budget_s,
        "adaptive": cfg.adaptive,
        "min_measure_ns": cfg.min_measure_ns,
        "measure": not cfg.validate_only,
        "sandboxed": sandboxed,
        "profile": cfg.profile,
        "input_key": key,
    }
    n = len(cpus)
    # the generator's threads counted as one more side's
    pids, memory = topology.worker_limits(n, cfg.eval_workers, sides=len(batch) + 2)
    memory = cfg.memory_bytes or memory
    env = omp_env.runner_env(n)  # the race runner's too (issue 39)
    objects = (
        drv,
        base,
        *base_layouts,
        *(p.build.path for p in batch),
        *(x for paths in cand_layouts for x in paths),
    )
    check = ProtocolCheck(job)
    out = sandbox.run(
        [sys.executable, "-I", "-m", "harness.measure.worker"],
        sandboxed=sandboxed,
        ro=sorted({os.path.dirname(p) for p in objects}),
        env=env,
        limits=sandbox.Limits(memory_bytes=memory, pids=pids, cpus=tuple(cpus)),
        stdin_bytes=json.dumps(job).encode() + b"\n",
        timeout_s=60.0,
        protocol=True,
        nonce=nonce,
        max_wall_s=cfg.max_eval_s * len(batch),
        with_python=True,
        check=check,
        answer=(lambda m: _link_more(batch, check, m, cfg.max_pairs, first)) if first is not None else None,
    )
    tail = out.stderr_tail[-2000:]
    end = next((m for m in out.messages if m.get("event") == "end"), None)
    if end is not None and end["status"] == "setup_error":
        raise HarnessError(f"{problem.id}: {end['why']}")
    finals = {m["candidate"]: m for m in out.messages if m.get("event") == "result"}
    for i, p in enumerate(batch):
        val = [m for m in out.messages if m.get("event") == "validated" and m.get("candidate") == i]
        p.res.validation_s = sum((m["baseline_ns"] + m["candidate_ns"]) for m in val) * 1e-9
        if out.process_limit:
            p.res.evidence["process_limit"] = out.process_limit
        if i in finals:
            _take_result(problem, p.res, finals[i], len(val), mode, size, cfg)
            if "exit_code" in finals[i]:  # a process of its side died: what it wrote last
                if out.out_of_memory:
                    p.res.evidence["why"] += f" after reaching the memory limit ({_fmt_bytes(memory)})"
                p.res.evidence["stderr_tail"] = tail
    unfinished = [p for i, p in enumerate(batch) if i not in finals]
    if not unfinished:
        return []
    if len(batch) > 1:  # the batch could not decide them: each again alone
        return unfinished
    res = batch[0].res
    if out.forged:
        res.decide(
            "rejected",
            "the harness's private result pipe carried a message it did not "
            f"ask for ({out.forged}): an attempt to forge the verdict; "
            "the worker was killed",
        )
    elif out.timed_out:
        why = (
            "a candidate call exceeded max("
            f"{cfg.timeout_min_s:g} s, {cfg.timeout_factor:g} x the baseline's time) and was killed"
        )
        if out.wall_s >= cfg.max_eval_s:
            why = f"the evaluation exceeded its total limit of {cfg.max_eval_s:g} s and was killed"
        if out.out_of_memory:
            why += f"; it had reached the memory limit ({_fmt_bytes(memory)}) before"
        res.decide("timeout", why, stderr_tail=tail)
    else:
        if out.returncode < 0 or out.returncode >= 128:
            sig = -out.returncode if out.returncode < 0 else out.returncode - 128
            why = f"killed by {_signal_name(sig)}"
            if out.out_of_memory:
                why += f" after reaching the memory limit ({_fmt_bytes(memory)})"
        else:
            why = (
                f"the process exited with code {out.returncode} before returning "
                "(exit() or abort inside the candidate?)"
            )
        res.decide("runtime_error", why, exit_code=out.returncode, stderr_tail=tail)
    return []


def _link_more(
    batch: list[_Pending], check: ProtocolCheck, m: dict, max_pairs: int, first: _FirstLinks
) -> bytes | None:
    """The orchestrator's answer to the judge's ``layouts`` request ``m`` (accepted by
    ``check``; see sandbox.run): more layouts linked for the candidates it names, side by
    side, then one JSON line, {"ready": pairs whose layouts every side asked for has,
    "failed": {index: why}} (a candidate whose object did not link again: link_error, it
    leaves the batch). ``first``: the first layouts, linked beside the judge's start: its
    request for pair 0 (before its first validation case) waits for them, and they end at
    ``first.upto``. Each later request links twice as many pairs' layouts as were linked
    on demand so far, LAYOUT_BLOCK at least (ready at pairs 12, 16, 24, 40 with min_pairs
    10): a link call's fixed cost (the sandbox, about 50 ms) is paid a few times at most,
    and of what is linked on demand about half at most goes unused. The wall the judge
    waited goes into the named candidates' ``code_layouts_waited_s``, 1/len(batch) each.
    None for every other message.

    Raises HarnessError if the baseline's first layouts did not link."""
    if m.get("event") != "layouts":
        return None
    pair, asked = m["pair"], list(m["candidates"])
    t0 = time.monotonic()
    if pair == 0:
        upto = first.upto
        failed = {i: w for i, w in first.wait().items() if i in asked}
    else:
        upto = min(max_pairs, pair + max(LAYOUT_BLOCK, 2 * (pair - first.upto)))
        whys = _side_by_side(lambda i: _link_candidate(batch[i], upto), asked)
        failed = {i: w for i, w in zip(asked, whys) if w}
    for i in failed:
        check.candidates[i].link_failed = True
    check.next_layouts = upto if upto < max_pairs else None
    share = (time.monotonic() - t0) / len(batch)  # the judge's wait, shared out as its worker is (wall_s)
    for i in asked:
        ev = batch[i].res.evidence
        ev["code_layouts_waited_s"] = round(ev["code_layouts_waited_s"] + share, 3)
    return (json.dumps({"ready": upto, "failed": failed}) + "\n").encode()


def _link_candidate(p: _Pending, upto: int) -> str:
    """Links candidate ``p``'s layouts of the first ``upto`` pairs; "" or why its object
    did not link again. Its evidence counts them (``code_layouts``) and the time
    (``code_layouts_s``, added, whether or not they linked)."""
    assert p.layouts is not None  # a timed batch's candidates all have layouts
    t0 = time.monotonic()
    try:
        p.layouts.link(upto)
        return ""
    except toolchain.LayoutError as e:
        return f"the candidate's object did not link at another code offset: {e}"
    finally:
        ev = p.res.evidence
        ev["code_layouts"] = p.layouts.linked
        ev["code_layouts_s"] = round(ev["code_layouts_s"] + time.monotonic() - t0, 3)


def _take_result(
    problem: Problem, res: EvalResult, final: dict, validated: int, mode: str, size: int, cfg: EvalConfig
) -> None:
    """A candidate's ``result`` message (see ProtocolCheck) into its EvalResult."""
    status = final["status"]
    if status in ("incorrect", "rejected", "runtime_error", "timeout"):  # runtime_error: an exception, a dead process
        res.decide(status, final["why"], size=final.get("size", size), seed=final.get("seed"), phase=final.get("phase"))
        if "exit_code" in final:  # a process of its side died: its signal or exit code
            res.evidence["exit_code"] = final["exit_code"]
        return
    if status == "link_error":
        res.decide("link_error", diagnostics=final["why"], expected_signature=problem.signature)
        return
    if cfg.validate_only:
        res.decide("correct", validated_cases=validated, timed=False)
        return
    s = stats.summarize(final["baseline_ns"], final["candidate_ns"])
    res.decide("correct")
    for k in (
        "speedup",
        "ci_low",
        "ci_high",
        "ci_level",
        "ratio_of_medians",
        "baseline_median_ns",
        "candidate_median_ns",
        "baseline_mdape",
        "candidate_mdape",
        "pairs",
    ):
        setattr(res, k, s[k])
    res.baseline_ns = final["baseline_ns"]
    res.candidate_ns = final["candidate_ns"]
    res.timing_s = (
        sum(final["baseline_ns"]) * final["baseline_iters"] + sum(final["candidate_ns"]) * final["candidate_iters"]
    ) * 1e-9
    res.cpus = final["cpus"]
    res.threads = final["omp_max_threads"] if mode == "omp" else 1
    res.evidence.update(
        {
            "validated_cases": validated,
            "baseline_iters": final["baseline_iters"],
            "candidate_iters": final["candidate_iters"],
            "clock_resolution_ns": final["clock_resolution_ns"],
            "doorbell_ns": final["doorbell_ns"],
            "cpu_accounting": final["cpu_accounting"],
            "timing_stopped": final["stopped"],
            # per pair, whose window came first ('B': the baseline's, 'C': the candidate's),
            # and each on-demand link of layouts: [the pair it came before, its block swapped]
            "pair_order": final["order"],
            "layouts_relinked": final["relinked"],
            "process_threads": final["process_threads"],
            "generation_s": final["generation_ns"] * 1e-9,
        }
    )
    for key in ("thread_scaling", "counters"):
        if key in final:
            res.evidence[key] = final[key]


def flag_suspicious(res: EvalResult, reference_speedup: float | None) -> EvalResult:
    """Adds the flag "suspicious speedup" when a correct candidate beats the expert
    reference's speedup by more than SUSPICIOUS_FACTOR. A reference no faster than the
    baseline (at a tiny size, say) is no ceiling: the bar is then SUSPICIOUS_FACTOR x 1."""
    if (
        res.correct
        and reference_speedup
        and res.speedup
        and res.speedup > SUSPICIOUS_FACTOR * max(reference_speedup, 1.0)
        and "suspicious speedup" not in res.flags
    ):
        res.flags.append("suspicious speedup")
    return res
