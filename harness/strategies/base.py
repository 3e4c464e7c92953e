"""The interface every collaboration strategy shares, and the run context it works in.

A :class:`Strategy` turns one problem into a :class:`ProblemOutcome`: every candidate
it produced (with its model call and EvalResult), the chosen best and that best's
re-measurement. Strategies never call litellm or the evaluator directly: they go through
the :class:`RunContext`, which logs every call and evaluation to the run's event log,
enforces the budgets (``--max-cost`` USD, ``--time-budget`` s), reuses evaluations
recorded before a kill (``--resume``), and keeps the concurrency rules: model calls of
one phase may run concurrently (bounded; on the local model process they are decoded
together in one batch), every phase ends with a barrier, and evaluations go to the run's
executor (harness.measure.executors: one at a time inline, up to N at once on N
evaluation workers); candidates of one problem that are ready together (a round's) are
judged in one batch (:meth:`RunContext.evaluate_batch`, ``--batch``), each keeping the
events and record it gets alone. Several problems may be in flight at once (one thread each,
``--eval-workers`` N > 1): each works through its own context (:meth:`RunContext.for_problem`),
which carries the problem's scope (replicate, mode, and the outcome its calls and
evaluations are counted in) and shares the run's budgets, gate, counters, job order and
logs with the others; no state is kept per thread. The local model (its own process on this
machine) never decodes while an evaluation runs here (a gate: a phase of local calls
waits for running evaluations and holds new ones back until all its calls returned), so
it never steals the CPUs of a timed evaluation.

Honest selection (as LessonL reports its result, with a fresh re-measurement): the best
correct candidate is chosen on its first measurement and reported only from a
re-measurement on fresh seeds (:meth:`Strategy.choose_and_remeasure`); with no correct
candidate the problem's result is "no correct candidate"; a best whose re-measurement is
not correct is reported as "failed re-measurement". Both count as 1x in the geomean and
0 in the arithmetic mean.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import threading
import time
from abc import ABC, abstractmethod
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..core.errors import HarnessError
from ..measure.evaluate import BATCH, INFRASTRUCTURE_ERROR, NO_VERDICT, NOT_COMPILED, EvalConfig, EvalResult, cpus_for
from ..measure.executors import InlineExecutor
from ..measure.toolchain import find_compiler
from ..models.llm import SAMPLING_CHOICES, ContextWindowExceeded, ModelCallError, complete, derive_seed, sampled_agent
from ..models.model_process import ModelProcessRestarted
from ..results.rows import ProblemRow
from . import prompting
from .lessons import Lesson, outcome_label
from .memory import MemoryScope

NO_CORRECT = "no correct candidate"
FAILED_REMEASURE = "failed re-measurement"
LOST_REMEASURE = "re-measurement lost"  # its worker was lost twice: no verdict, rerun on --resume
REMEASURE_SEED_OFFSET = 7_777_777  # fresh seeds for the re-measurement: cfg.seed + this
# Replicate r measures from seed cfg.seed + r x this. One evaluation uses seeds up to about
# 3.01e6 above its first (warm-up seeds step by 1000003), a re-measurement starts 7.78e6
# above: a replicate's seeds stay below 1.1e7 above its own, so replicates never share one.
REPLICATE_SEED_STRIDE = 1_000_000_007


class BudgetExceeded(Exception):
    """The run reached ``--max-cost`` (USD) or ``--time-budget`` (s); the message says
    which. The runner stops cleanly: finished problems are kept, the rest resumable."""


@dataclass
class Candidate:
    """One attempt: id (``<problem>-r<round>-a<agent>``), round, agent name and model,
    lessons shown in its prompt (ids), the model call (CallRecord fields without the
    text: tokens, latency s, cost USD, cache hit), the reply text, the extracted source
    and its EvalResult (None if the model call failed)."""

    id: str
    problem: str
    round: int
    agent: str
    model: str
    reply: str = ""
    source: str = ""
    lesson_ids: list = field(default_factory=list)
    call: dict = field(default_factory=dict)
    result: EvalResult | None = None

    @property
    def status(self) -> str:
        return self.result.status if self.result else "model_error"

    @property
    def speedup(self) -> float | None:
        return self.result.speedup if self.result and self.result.correct else None

    @property
    def outcome(self) -> str:
        if self.result is None:
            return "no reply"
        r = self.result
        return outcome_label(r.status, r.speedup, r.ci_low, r.ci_high)

    def summary(self) -> dict:
        """A small dict for tables and events (no source, no samples)."""
        r = self.result
        return {
            "id": self.id,
            "round": self.round,
            "agent": self.agent,
            "model": self.model,
            "status": self.status,
            "outcome": self.outcome,
            "speedup": r.speedup if r else None,
            "ci_low": r.ci_low if r else None,
            "ci_high": r.ci_high if r else None,
            "lesson_ids": list(self.lesson_ids),
        }


@dataclass
class ProblemOutcome:
    """What a strategy returns for one problem.

    status: "correct", "no correct candidate" or "failed re-measurement"; best_id: the
    chosen candidate (None if none correct); first: its first EvalResult; remeasured:
    its re-measurement on fresh seeds (the reported numbers); lessons: the bank at the
    end; wall_s: seconds spent on the problem; reference: the expert reference's
    EvalResult (filled by the runner, None if not measured or not correct); noise_floor:
    the baseline's own source measured as a candidate (the same); calls: a summary of
    every model call the strategy made for the problem (failed ones with an "error"),
    evaluations: its candidate evaluations (first measurements), both for the budget;
    infrastructure_errors: its evaluations lost twice with their worker (the runner does
    not mark such a problem finished, so --resume runs it again).
    """

    problem: str
    category: str
    strategy: str
    mode: str
    candidates: list = field(default_factory=list)
    best_id: str | None = None
    first: EvalResult | None = None
    remeasured: EvalResult | None = None
    status: str = NO_CORRECT
    lessons: list = field(default_factory=list)
    wall_s: float = 0.0
    reference: EvalResult | None = None
    noise_floor: EvalResult | None = None
    repeat: int = 0
    calls: list = field(default_factory=list)
    evaluations: int = 0
    infrastructure_errors: int = 0

    @property
    def reference_speedup(self) -> float | None:
        """The expert reference's speedup (x), None when not measured or not correct."""
        return self.reference.speedup if self.reference else None

    @property
    def speedup(self) -> float | None:
        """The reported speedup (re-measurement), None unless status is "correct"."""
        return self.remeasured.speedup if self.status == "correct" and self.remeasured else None

    def row(self) -> dict:
        """This problem's :class:`harness.results.rows.ProblemRow` as a dict: the row of its
        "problem_done" event and its line of problems.csv / problems.json."""
        evaluated = [c for c in self.candidates if c.result is not None]
        compiled = sum(c.status not in NOT_COMPILED + NO_VERDICT for c in evaluated)
        calls = self.calls
        rem = self.remeasured if self.status == "correct" else None
        floor = self.noise_floor
        return ProblemRow(
            problem=self.problem,
            category=self.category,
            strategy=self.strategy,
            mode=self.mode,
            repeat=self.repeat,
            status=self.status,
            compiled=compiled > 0,
            correct=self.status == "correct",
            speedup=rem.speedup if rem else None,
            ci_low=rem.ci_low if rem else None,
            ci_high=rem.ci_high if rem else None,
            first_speedup=self.first.speedup if self.first else None,
            best_id=self.best_id,
            reference_speedup=self.reference_speedup,
            roofline_pct=_roofline_pct(rem, "candidate"),
            reference_roofline_pct=_roofline_pct(self.reference, "candidate"),
            baseline_roofline_pct=next(
                (
                    pct
                    for r in (self.remeasured, self.reference, floor)
                    if (pct := _roofline_pct(r, "baseline")) is not None
                ),
                None,
            ),
            null_speedup=floor.speedup if floor else None,
            null_ci_low=floor.ci_low if floor else None,
            null_ci_high=floor.ci_high if floor else None,
            candidates=len(self.candidates),
            candidates_compiled=compiled,
            candidates_correct=sum(c.status == "correct" for c in evaluated),
            lessons=len(self.lessons),
            infrastructure_errors=self.infrastructure_errors,
            model_calls=len(calls),
            evaluations=self.evaluations,
            prompt_tokens=sum(int(c.get("prompt_tokens", 0)) for c in calls),
            completion_tokens=sum(int(c.get("completion_tokens", 0)) for c in calls),
            cost_usd=float(sum(float(c.get("cost_usd", 0.0)) for c in calls)),
            model_s=float(sum(float(c.get("latency_s", 0.0)) for c in calls if not c.get("cache_hit"))),
            eval_s=float(sum(c.result.wall_s for c in evaluated)),
            wall_s=self.wall_s,
            flags=",".join(self.remeasured.flags) if self.remeasured else "",
        ).to_dict()


def _roofline_pct(res: EvalResult | None, side: str) -> float | None:
    """The share of the roofline (%, harness.measure.roofline) that ``side``
    ("baseline" or "candidate") of the timed evaluation ``res`` reached; None without
    one."""
    roof = (res.evidence.get("roofline") or {}) if res is not None else {}
    frac = roof.get(f"{side}_fraction")
    return 100.0 * frac if isinstance(frac, (int, float)) else None


def text_sha(text: str) -> str:
    """SHA-256 (hex) of a text: identifies what was evaluated, for resume."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def replicate_seed(seed: int, replicate: int) -> int:
    """The first measurement seed of replicate ``replicate`` (0-based, ``run --repeats``)
    of a run whose EvalConfig seed is ``seed``: seed + replicate x REPLICATE_SEED_STRIDE,
    so replicate 0 measures on the run's seed and no two replicates share a seed (nor,
    as the seed is part of the verdict key, a cached verdict). Raises ValueError for a
    negative replicate."""
    if replicate < 0:
        raise ValueError(f"replicate must be >= 0 (got {replicate})")
    return seed + replicate * REPLICATE_SEED_STRIDE


def call_summary(rec: Any) -> dict:
    """CallRecord fields without the reply text (tokens, latency s, cost USD, hit)."""
    d = rec.to_dict() if hasattr(rec, "to_dict") else dict(rec)
    d.pop("text", None)
    return d


def _waves(problem, indices: list[int], texts: list[str], use_cache: bool) -> list[list[int]]:
    """``indices`` (of ``texts``, candidates of ``problem``) in waves to judge one after
    another: with the verdict cache on, a text whose extracted code (harness.measure.
    extract) equals an earlier one's goes into the wave after that one's, so that it
    finds that verdict in the cache as it would one at a time; otherwise one wave. No
    empty waves; order kept within each."""
    if not use_cache:
        return [indices] if indices else []
    from ..measure.extract import extract_candidate  # noqa: PLC0415 - only here

    seen: Counter = Counter()
    waves: list[list[int]] = []
    for i in indices:
        try:
            code = extract_candidate(texts[i], problem.function)
        except Exception:  # noqa: BLE001 - the judge reports what the extractor makes of it
            code = texts[i]
        w = seen[code]
        seen[code] += 1
        if w == len(waves):
            waves.append([])
        waves[w].append(i)
    return waves


class _Gate:
    """Evaluations (shared) against local inference (exclusive): many evaluations
    may run together, inference runs alone; a waiting inference holds new evaluations
    back so it is not starved."""

    def __init__(self):
        self._cond = threading.Condition()
        self._evaluating = 0
        self._inferring = False
        self._waiting = 0

    def evaluation(self):
        return _GateSide(self, exclusive=False)

    def inference(self):
        return _GateSide(self, exclusive=True)


class _GateSide:
    def __init__(self, gate: _Gate, exclusive: bool):
        self.gate, self.exclusive = gate, exclusive

    def __enter__(self):
        g = self.gate
        with g._cond:
            if self.exclusive:
                g._waiting += 1
                g._cond.wait_for(lambda: not g._inferring and g._evaluating == 0)
                g._waiting -= 1
                g._inferring = True
            else:
                g._cond.wait_for(lambda: not g._inferring and g._waiting == 0)
                g._evaluating += 1

    def __exit__(self, *exc):
        g = self.gate
        with g._cond:
            if self.exclusive:
                g._inferring = False
            else:
                g._evaluating -= 1
            g._cond.notify_all()


@dataclass
class _RunTotals:
    """What every problem's context of one run shares and changes: this session's
    evaluation seconds, model-call phase seconds and evaluations; the reason the run is
    stopping (RunContext.halt); the run's jobs (replicate, problem id) in order and those
    finished (RunContext.set_jobs, job_done)."""

    eval_s: float = 0.0
    timed_s: float = 0.0
    generate_s: float = 0.0
    evaluations: int = 0
    halt: str | None = None
    jobs: list | None = None
    jobs_done: set = field(default_factory=set)


class RunContext:
    """Everything a strategy may use besides the problem, mode and team.

    complete_fn(agent, messages, seed) -> CallRecord: the model layer (default
    :func:`harness.models.llm.complete` with the run's cache and cost tracker); evaluate_fn(
    problem, text, mode, EvalConfig) -> EvalResult (default :func:`harness.measure.evaluate.
    evaluate`); eval_config: the base EvalConfig (threads, quick, seed, sandbox);
    store: a RunStore (event log, candidates, lessons) or None; tracker: a
    llm.CostTracker or None; deadline: time.monotonic() value after which work stops
    (from --time-budget, seconds) or None; max_parallel: concurrent model calls, over
    all problems in flight;
    repeat: replicate index (changes sampling seeds, measurement seeds and resume keys:
    every replicate is measured anew, see :meth:`evaluate`); progress(text): one status line;
    recorded: {key: EvalResult dict} from an interrupted run (resume); executor: an
    harness.measure.executors.EvalExecutor (default: inline, running evaluate_fn);
    sampling: ``run --sampling`` (harness.models.llm.SAMPLING_CHOICES): how
    :meth:`generate` sets each call's temperature, top_p and frequency penalty from its
    purpose (:func:`harness.models.llm.sampled_agent`; default "model": the agents'
    own values); evidence: ``run --evidence`` (prompting.EVIDENCE_LEVELS), what the
    strategies' prompts show of an evaluated attempt (prompting.format_evidence's level).
    mode: the run's mode ("serial" or "omp"). batch: ``--batch``, the most candidates of
    one problem judged together (:meth:`evaluate_batch`; 1: each alone). Raises
    ValueError for an unknown sampling or evidence level and a batch below 1.

    The per-problem scope: ``repeat`` (the replicate), ``mode``, ``current`` (the
    problem's ProblemOutcome, set by Strategy.start, None between problems) and
    ``lost_evaluations`` (its evaluations lost with their worker, those made before
    Strategy.start included: the expert reference and the noise floor). A run
    hands each problem its own context from :meth:`for_problem`; the contexts of one
    run share everything else (budgets, gate, counters, recorded evaluations, job
    order, logs).
    """

    def __init__(
        self,
        *,
        complete_fn: Callable | None = None,
        evaluate_fn: Callable | None = None,
        eval_config: EvalConfig | None = None,
        store=None,
        tracker=None,
        deadline: float | None = None,
        max_parallel: int = 4,
        repeat: int = 0,
        progress: Callable[[str], None] | None = None,
        recorded: Mapping[str, dict] | None = None,
        cache_dir=None,
        executor=None,
        sampling: str = "model",
        evidence: str = "full",
        mode: str = "omp",
        batch: int = BATCH,
    ):
        if sampling not in SAMPLING_CHOICES:
            raise ValueError(f"sampling must be one of {SAMPLING_CHOICES} (got {sampling!r})")
        if evidence not in prompting.EVIDENCE_LEVELS:
            raise ValueError(f"evidence must be one of {prompting.EVIDENCE_LEVELS} (got {evidence!r})")
        self.sampling = sampling
        self.evidence = evidence  # what prompts show of an evaluated attempt (``run --evidence``)
        if batch < 1:
            raise ValueError(f"batch must be at least 1 (got {batch})")
        self.batch = batch  # candidates judged together at most (``--batch``; evaluate_batch)
        self.eval_config = eval_config or EvalConfig()
        self.tracker = tracker
        self.cache_dir = cache_dir
        self.complete_fn = complete_fn or self._llm_complete
        self.executor = executor or InlineExecutor(evaluate_fn)
        self.store = store
        self.deadline = deadline
        self.max_parallel = max(1, int(max_parallel))
        self.repeat, self.mode, self.current = repeat, mode, None  # the problem's scope
        self.lost_evaluations = 0  # of this problem, the reference and noise floor included
        self.progress = progress or (lambda text: None)
        self.recorded = dict(recorded or {})
        self._totals = _RunTotals()
        self._build: dict[str, dict] = {}
        self._lock = threading.Lock()
        self._lock_ledger = threading.Lock()
        self._jobs_cond = threading.Condition()
        self._gate = _Gate()
        self._remote_slots = threading.BoundedSemaphore(self.max_parallel)

    # ------------------------------------------------------------------ plumbing
    def for_problem(self, repeat: int, mode: str | None = None) -> "RunContext":
        """The context of one problem of replicate ``repeat`` in ``mode`` (default: this
        context's): its own scope (``repeat``, ``mode``, ``current`` None until
        Strategy.start), everything else shared with this context and every other
        problem's."""
        view = copy.copy(self)
        view.repeat, view.mode, view.current = repeat, mode or self.mode, None
        view.lost_evaluations = 0
        return view

    @property
    def eval_s(self) -> float:
        """Seconds of evaluations (their wall time) this session, over all problems."""
        return self._totals.eval_s

    @property
    def timed_s(self) -> float:
        """Seconds of timed calls (both sides' kernel time in the timed windows) of this
        session's evaluations, over all problems: the work the verdicts are about."""
        return self._totals.timed_s

    def judge_overhead(self) -> str:
        """The summary line of what the judge cost this session: evaluation wall / timed
        work (a ratio, e.g. "6.2x: 310.4 s of evaluation wall for 50.1 s of timed calls"),
        or "-" before any call was timed."""
        if self.timed_s <= 0:
            return "-"
        return (
            f"{self.eval_s / self.timed_s:.1f}x: {self.eval_s:.1f} s of evaluation wall for "
            f"{self.timed_s:.1f} s of timed calls (each verdict's evidence says where its wall went)"
        )

    @property
    def generate_s(self) -> float:
        """Wall seconds of model-call phases (:meth:`generate`) this session, over all
        problems (concurrent phases overlap in it)."""
        return self._totals.generate_s

    @property
    def evaluations(self) -> int:
        """Evaluations measured this session, over all problems."""
        return self._totals.evaluations

    def seed(self, agent, problem, step, purpose: str) -> int:
        """The sampling seed of ``agent``'s (llm.Agent) call at ``step`` (a round, layer,
        loop or attempt index) of ``problem`` (suite.Problem) for ``purpose`` ("candidate",
        "lesson", ...), in this context's replicate: llm.derive_seed(agent.seed, problem id,
        step, repeat, purpose). The same call of the same replicate gets the same seed in
        every session (so the response cache and --resume reuse it); another replicate,
        step or purpose gets another."""
        return derive_seed(agent.seed, problem.id, step, self.repeat, purpose)

    # ------------------------------------------------------------------ job order
    def set_jobs(self, jobs: Sequence[tuple[int, str]]) -> None:
        """The run's jobs, (replicate, problem id), in their recorded order: the order
        memory scopes follow (:meth:`memory_scope`, :meth:`wait_for_earlier`)."""
        with self._jobs_cond:
            self._totals.jobs = list(jobs)
            self._totals.jobs_done.clear()

    def job_done(self, repeat: int, problem_id: str) -> None:
        """Marks job (repeat, problem_id) finished (done, skipped on resume, or failed)."""
        with self._jobs_cond:
            self._totals.jobs_done.add((repeat, problem_id))
            self._jobs_cond.notify_all()

    def _earlier(self, problem_id: str, across_replicates: bool) -> frozenset | None:
        """The jobs before this context's job (replicate, problem_id) in the run's order,
        of its replicate only unless ``across_replicates``; None when no order is set or
        the job is not in it."""
        me, jobs = (self.repeat, problem_id), self._totals.jobs
        if jobs is None or me not in jobs:
            return None
        before = jobs[: jobs.index(me)]
        return frozenset(j for j in before if across_replicates or j[0] == me[0])

    def run_id(self) -> str:
        """The run's id (its config.json's run_id, else its folder's name; "no-run" without
        a results folder)."""
        if self.store is None:
            return "no-run"
        return self.store.config.get("run_id", self.store.root.name)

    def memory_scope(self, problem_id: str, across_replicates: bool = False) -> MemoryScope:
        """What this context's problem may read from a memory store (see MemoryScope)."""
        return MemoryScope(self.run_id(), self.repeat, self._earlier(problem_id, across_replicates), across_replicates)

    def wait_for_earlier(self, problem_id: str, across_replicates: bool = False) -> None:
        """Blocks until every job of :meth:`memory_scope`'s ``earlier`` has finished, so
        a retrieval sees what they wrote whatever finished first with several problems in
        flight. Raises BudgetExceeded when the run stops meanwhile (:meth:`check_budget`)."""
        need = self._earlier(problem_id, across_replicates) or frozenset()
        with self._jobs_cond:
            while not need <= self._totals.jobs_done:
                self._jobs_cond.wait(timeout=0.5)
                self.check_budget()

    def halt(self, reason: str) -> None:
        """Makes every later :meth:`check_budget` raise BudgetExceeded(reason): the other
        problems in flight stop at their next step."""
        self._totals.halt = reason

    def _ledger(self, summary: dict) -> None:
        if self.current is not None:
            with self._lock_ledger:
                self.current.calls.append(summary)

    def _llm_complete(self, agent, messages, seed):
        return complete(agent, messages, cache_dir=self.cache_dir, seed=seed, tracker=self.tracker)

    def log(self, kind: str, **fields: Any) -> None:
        """Append one event to the run's event log (no-op without a store); an event about
        a problem carries this context's ``repeat`` unless it names its own (problems in
        flight at once interleave their events)."""
        if self.store is not None:
            if "problem" in fields and "repeat" not in fields:
                fields["repeat"] = self.repeat
            self.store.event(kind, **fields)

    def check_budget(self) -> None:
        """Raises BudgetExceeded when the cost (USD) or time (s) budget is used up, or
        the run is stopping (:meth:`halt`)."""
        if self._totals.halt is not None:
            raise BudgetExceeded(self._totals.halt)
        if self.tracker is not None and self.tracker.exceeded:
            raise BudgetExceeded(
                f"cost limit reached: ${self.tracker.cost_usd:.4f} >= --max-cost ${self.tracker.max_cost_usd:.4f}"
            )
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise BudgetExceeded("time budget reached (--time-budget)")

    def build_info(self, mode: str) -> dict:
        """{"compiler_version", "flags", "threads", ...} of the evaluator in ``mode``:
        what the prompts state. Raises HarnessError without a compiler."""
        if mode not in self._build:
            d = dict(find_compiler(self.eval_config.march).describe(mode))
            d["threads"] = len(cpus_for(mode, self.eval_config.threads))
            self._build[mode] = d
        return self._build[mode]

    def timed_size(self, problem) -> int:
        """The timed size S the evaluator will use for ``problem``."""
        c = self.eval_config
        return c.size if c.size is not None else problem.default_size(self.mode, c.quick)

    # ------------------------------------------------------------------ model calls
    def generate(
        self, calls: Sequence[tuple], *, purpose: str, problem: str, round_: int, fallbacks: Sequence | None = None
    ) -> list:
        """Run model calls ``[(agent, messages, seed, label), ...]`` and wait for all of
        them (the barrier). Calls run concurrently, at most ``max_parallel`` at a time
        over every problem in flight; a phase with ``local/`` calls holds the gate
        (no evaluation runs meanwhile) and its calls reach the model process together,
        which decodes them in one batch. A call whose local model process died and was
        restarted (model_process.ModelProcessRestarted) is logged as failed and sent
        again once. fallbacks: per
        call, messages to retry it with once (same seed, inside the barrier) when it
        fails with llm.ContextWindowExceeded, or None for no retry; the failed attempt
        stays in the ledger (it was a request). Returns CallRecords in input order, None
        for a call that failed for good (ModelCallError, logged). Raises BudgetExceeded
        before starting if over budget, ModelConfigError (a HarnessError) for
        configuration errors, model_process.ModelProcessLost (exit code 3) when the
        model process died a second time, and HarnessError when every call of the batch
        failed (the run stops; finished problems are kept). Each call samples as
        :attr:`sampling` says for ``purpose`` (harness.models.llm.sampled_agent); its
        "llm_call" event records the temperature, top_p and frequency_penalty it used
        (frequency_penalty None when none was sent: not asked for, or the provider does
        not take it)."""
        self.check_budget()
        calls = list(calls)
        if not calls:
            return []
        fallbacks = list(fallbacks) if fallbacks is not None else [None] * len(calls)
        if len(fallbacks) != len(calls):
            raise ValueError("fallbacks needs one entry per call")
        local = any(getattr(a, "is_local", False) for a, *_ in calls)
        workers = min(self.max_parallel, len(calls))

        errors = []

        def one(item):  # on a pool thread: works for this context's problem
            (agent, msgs, seed, label), fallback = item
            agent = sampled_agent(agent, purpose, self.sampling)
            restarted = False
            while True:
                try:
                    with self._remote_slots:  # bounded over every problem in flight
                        rec = self.complete_fn(agent, msgs, seed)
                    break
                except ModelCallError as e:
                    again = isinstance(e, ModelProcessRestarted) and not restarted
                    retry = fallback is not None and isinstance(e, ContextWindowExceeded)
                    errors.append(f"{agent.name} ({agent.model}): {e}")
                    self._ledger(
                        {
                            "agent": agent.name,
                            "model": agent.model,
                            "purpose": purpose,
                            "error": str(e).splitlines()[0] if str(e) else "?",
                        }
                    )
                    self.log(
                        "llm_error",
                        purpose=purpose,
                        problem=problem,
                        round=round_,
                        agent=agent.name,
                        model=agent.model,
                        label=label,
                        error=str(e),
                        retried_with_fallback=retry,
                        retried_after_restart=again,
                    )
                    if again:
                        restarted = True
                    elif retry:
                        msgs, fallback = fallback, None
                    else:
                        return None
            self._ledger({**call_summary(rec), "purpose": purpose})
            penalty = None if "frequency_penalty" in rec.not_sent else agent.frequency_penalty
            self.log(
                "llm_call",
                **{
                    **call_summary(rec),
                    "purpose": purpose,
                    "problem": problem,
                    "round": round_,
                    "agent": agent.name,
                    "label": label,
                    "temperature": agent.temperature,
                    "top_p": agent.top_p,
                    "frequency_penalty": penalty,
                    "prompt": msgs[-1]["content"],
                    "reply": rec.text,
                },
            )
            return rec

        def run_all() -> list:
            if workers == 1:
                return [one(c) for c in zip(calls, fallbacks)]
            with ThreadPoolExecutor(max_workers=workers) as ex:
                return list(ex.map(one, zip(calls, fallbacks)))

        t0 = time.monotonic()
        if local:  # local inference: never beside a timed evaluation
            with self._gate.inference():
                recs = run_all()
        else:
            recs = run_all()
        with self._lock:
            self._totals.generate_s += time.monotonic() - t0
        if all(r is None for r in recs):
            # nothing to evaluate or learn from: a table of empty problems would mislead
            raise HarnessError(
                f"every model call of {problem} round {round_} failed; last error: "
                f"{errors[-1].splitlines()[0] if errors else '?'}"
            )
        return recs

    # ------------------------------------------------------------------ evaluation
    def evaluate(
        self, problem, text: str, *, candidate_id: str, fresh: bool = False, shared: bool = False
    ) -> EvalResult:
        """Evaluate ``text`` (a reply or source) as candidate ``candidate_id`` on the
        run's executor, after the phase's model calls finished.

        Every replicate is measured anew: replicate r (``self.repeat``) measures from
        seed :func:`replicate_seed`(cfg.seed, r), so neither the verdict cache (whose
        key holds the seed) nor this run's record can hand it another replicate's
        measurement. fresh=True: re-measurement on fresh seeds (that seed +
        REMEASURE_SEED_OFFSET) with the verdict cache off. shared=True: a measurement
        that is not a result of the replicate (the expert reference): measured as
        replicate 0, once for all replicates. A verdict recorded under the same key
        ``<candidate_id>:r<replicate>:<first|fresh>:<sha256 of text>`` before a kill
        (resume) or earlier in the run is reused, logging "evaluation_reused"; a new
        one is logged as "evaluation" with its replicate and seed. Raises
        BudgetExceeded if over budget, HarnessError for the user's errors (no compiler,
        no sandbox). An evaluation lost with its worker twice (status
        infrastructure_error) is logged as "evaluation_lost", counted in the problem's
        infrastructure_errors and never reused on resume."""
        self.check_budget()
        key = self.evaluation_key(text, candidate_id=candidate_id, fresh=fresh, shared=shared)
        if key in self.recorded:
            return self._reused(problem, candidate_id, fresh, key)
        cfg = self._eval_cfg(fresh, shared)
        with self._gate.evaluation():
            res = self.executor.evaluate(problem, text, self.mode, cfg)
        return self._settle(problem, res, candidate_id, fresh, shared, cfg, key)

    def evaluate_batch(
        self,
        problem,
        texts: Sequence[str],
        *,
        candidate_ids: Sequence[str],
        fresh: bool = False,
        shared: bool = False,
        on_result: Callable[[int, EvalResult], None] | None = None,
    ) -> list[EvalResult]:
        """Evaluate several candidates of ``problem`` (``texts[i]`` as candidate
        ``candidate_ids[i]``) together: those not recorded before are judged in batches of
        up to :attr:`batch` on the run's executor (harness.measure.evaluate.evaluate_batch:
        one baseline timed once per pair for the batch, each candidate's verdict its own;
        evidence["batch"] says which batch). Returns one EvalResult per text, in order.

        Every candidate's side effects are those of :meth:`evaluate` on it, in the same
        order: its "evaluation" / "evaluation_reused" / "evaluation_lost" event, the
        record that --resume reuses, the counters, then ``on_result(i, result)`` (the
        caller's own per-candidate steps), for i = 0, 1, ... as soon as results 0..i are
        back. A text whose extracted code equals an earlier one's of the call is judged in
        a later batch, after that one's verdict was stored, so it is read from the verdict
        cache as it would be one at a time. The budget is checked once, before the batch
        (BudgetExceeded); HarnessError as :meth:`evaluate`. ``batch`` 1 (``--batch 1``)
        evaluates them one at a time through :meth:`evaluate`."""
        texts, ids = list(texts), list(candidate_ids)
        if len(texts) != len(ids):
            raise ValueError("evaluate_batch needs one candidate id per text")
        if self.batch <= 1 or len(texts) <= 1:
            out = []
            for i, (text, cid) in enumerate(zip(texts, ids)):
                out.append(self.evaluate(problem, text, candidate_id=cid, fresh=fresh, shared=shared))
                if on_result is not None:
                    on_result(i, out[-1])
            return out
        self.check_budget()
        cfg = self._eval_cfg(fresh, shared)
        keys = [self.evaluation_key(t, candidate_id=c, fresh=fresh, shared=shared) for t, c in zip(texts, ids)]
        results: list[EvalResult | None] = [None] * len(texts)
        reused = {i for i, k in enumerate(keys) if k in self.recorded}
        done = 0

        def deliver() -> None:  # every result whose predecessors are all settled, in order
            nonlocal done
            while done < len(texts) and (done in reused or results[done] is not None):
                i = done
                if i in reused:
                    results[i] = self._reused(problem, ids[i], fresh, keys[i])
                else:
                    results[i] = self._settle(problem, results[i], ids[i], fresh, shared, cfg, keys[i])
                done += 1
                if on_result is not None:
                    on_result(i, results[i])

        for wave in _waves(problem, [i for i in range(len(texts)) if i not in reused], texts, cfg.use_cache):

            def arrived(j: int, res: EvalResult, wave: list = wave) -> None:
                results[wave[j]] = res
                deliver()

            with self._gate.evaluation():
                got = self.executor.evaluate_batch(
                    problem, [texts[i] for i in wave], self.mode, cfg, self.batch, on_result=arrived
                )
            for i, res in zip(wave, got):  # an executor that did not hand them on as they came
                if results[i] is None:
                    results[i] = res
            deliver()
        deliver()  # only reused ones are left
        return [r for r in results if r is not None]

    def _eval_cfg(self, fresh: bool, shared: bool) -> EvalConfig:
        """The EvalConfig of an evaluation in this context's replicate (replicate 0 when
        ``shared``), on fresh seeds without the verdict cache when ``fresh``."""
        seed = replicate_seed(self.eval_config.seed, 0 if shared else self.repeat)
        cfg = dataclasses.replace(self.eval_config, seed=seed)
        if fresh:
            cfg = dataclasses.replace(cfg, seed=seed + REMEASURE_SEED_OFFSET, use_cache=False)
        return cfg

    def _reused(self, problem, candidate_id: str, fresh: bool, key: str) -> EvalResult:
        """The verdict recorded under ``key``, logged as "evaluation_reused"."""
        res = EvalResult.from_dict(self.recorded[key])
        self.log(
            "evaluation_reused",
            problem=problem.id,
            candidate_id=candidate_id,
            fresh=fresh,
            key=key,
            status=res.status,
            speedup=res.speedup,
        )
        return res

    def _settle(
        self, problem, res: EvalResult, candidate_id: str, fresh: bool, shared: bool, cfg: EvalConfig, key: str
    ) -> EvalResult:
        """A new verdict's side effects: "evaluation_lost" and the problem's lost count for
        infrastructure_error; else the counters, the "evaluation" event and the record."""
        d = res.to_dict()
        if res.status == INFRASTRUCTURE_ERROR:
            with self._lock_ledger:
                self.lost_evaluations += 1
                if self.current is not None:
                    self.current.infrastructure_errors = self.lost_evaluations
            self.log("evaluation_lost", problem=problem.id, candidate_id=candidate_id, fresh=fresh, result=d)
            return res
        with self._lock:
            self._totals.eval_s += res.wall_s
            self._totals.timed_s += res.timing_s or 0.0
            self._totals.evaluations += 1
        self.log(
            "evaluation",
            problem=problem.id,
            candidate_id=candidate_id,
            fresh=fresh,
            repeat=0 if shared else self.repeat,
            seed=cfg.seed,
            key=key,
            result=d,
        )
        self.recorded[key] = d
        return res

    def evaluation_key(self, text: str, *, candidate_id: str, fresh: bool = False, shared: bool = False) -> str:
        """The key under which :meth:`evaluate` records (and reuses) the verdict on
        ``text`` as ``candidate_id`` in this context's replicate:
        ``<candidate_id>:r<replicate>:<first|fresh>:<sha256 of text>``."""
        rep = 0 if shared else self.repeat
        return f"{candidate_id}:r{rep}:{'fresh' if fresh else 'first'}:{text_sha(text)}"

    def save_candidate(self, cand: Candidate) -> None:
        """Store the candidate's source (and prompt-free metadata) in the run folder."""
        if self.store is not None:
            self.store.save_candidate(cand.problem, cand.id, cand.source or cand.reply, self.repeat)

    def save_lesson(self, lesson: Lesson) -> None:
        """Append a lesson (with provenance) to lessons.jsonl and the event log."""
        if self.store is not None:
            self.store.save_lesson(lesson, self.repeat)


class Strategy(ABC):
    """A collaboration method: (problem, mode, team, run context) -> ProblemOutcome.

    Subclasses implement :meth:`run`; they share the evaluator, the run store and
    :meth:`choose_and_remeasure`, so strategies compare fairly on the same problems.
    """

    name = "strategy"  # set by registry.register

    def __init__(self, **options: Any):
        self.params = dict(options)

    def options(self) -> dict:
        """The strategy's parameters (recorded in config.json)."""
        return dict(self.params)

    def prepare(self, team) -> None:  # noqa: B027 - optional hook, nothing by default
        """Called once before any work with the run's team (llm.Team, None for a
        strategy that calls no model): a strategy checks here what its options say
        about the team. Raises HarnessError (exit 2) for a mismatch."""

    @abstractmethod
    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        """Optimize ``problem`` (suite.Problem) in ``mode`` with ``team`` (llm.Team).

        Raises BudgetExceeded when the run's budget is used up mid-problem and
        HarnessError for the user's errors.
        """

    def start(self, problem, mode: str, ctx: RunContext) -> ProblemOutcome:
        """Begin ``problem``: sets ``ctx.mode`` and returns the empty outcome that
        collects the problem's model calls and evaluations (its wall time starts now; its
        infrastructure_errors start at the evaluations ``ctx`` lost before, e.g. the
        expert reference's, so that --resume runs the problem again)."""
        ctx.mode = mode
        out = ProblemOutcome(
            problem.id, problem.category, self.name, mode, repeat=ctx.repeat, infrastructure_errors=ctx.lost_evaluations
        )
        out.wall_s = time.monotonic()
        ctx.current = out
        return out

    def finish(self, problem, out: ProblemOutcome, ctx: RunContext) -> ProblemOutcome:
        """End ``problem``: honest selection and re-measurement
        (:meth:`choose_and_remeasure`), then the wall time in seconds."""
        self.choose_and_remeasure(problem, out, ctx)
        out.wall_s = time.monotonic() - out.wall_s
        ctx.current = None
        return out

    def ask(self, problem, agent, text: str, ctx: RunContext, *, seed: int, purpose: str, round_: int, label: str):
        """One model call: ``text`` as the user message (after the shared system message)
        to ``agent`` through :meth:`RunContext.generate` (logged with ``purpose`` and
        ``label``, budgeted, never beside an evaluation on the local model). Returns its CallRecord.
        Raises BudgetExceeded, and HarnessError when the call failed for good."""
        [rec] = ctx.generate(
            [(agent, prompting.messages(text), seed, label)], purpose=purpose, problem=problem.id, round_=round_
        )
        return rec

    def attempt(
        self,
        problem,
        agent,
        rec,
        cand_id: str,
        round_: int,
        ctx: RunContext,
        out: ProblemOutcome,
        lesson_ids: Sequence[str] = (),
    ) -> Candidate:
        """The candidate ``cand_id`` (``round_``: its place in the strategy's order) from
        ``agent``'s reply ``rec`` (a CallRecord), whose prompt showed the lessons
        ``lesson_ids`` (their ids, in prompt order; none by default): evaluated
        (:meth:`evaluate_candidate`), appended to ``out.candidates`` and returned."""
        cand = Candidate(
            cand_id,
            problem.id,
            round_,
            agent.name,
            agent.model,
            reply=rec.text,
            lesson_ids=list(lesson_ids),
            call=call_summary(rec),
        )
        ctx.progress(f"{problem.id}: evaluating {cand_id} ({agent.name})")
        self.evaluate_candidate(problem, cand, ctx)
        out.candidates.append(cand)
        ctx.progress(
            f"{problem.id}: {cand_id}: {cand.outcome}"
            + (f", speedup {cand.speedup:.2f}x" if cand.speedup is not None else "")
        )
        return cand

    def attempts(
        self, problem, items: Sequence[tuple], round_: int, ctx: RunContext, out: ProblemOutcome
    ) -> list[Candidate]:
        """Several candidates of one round, ready together: ``items`` are (agent, rec
        (a CallRecord), cand_id, lesson_ids) in the strategy's order. The same as
        :meth:`attempt` on each in turn (every candidate evaluated, appended to
        ``out.candidates``, logged, in that order), except that they are judged together
        (:meth:`evaluate_candidates`). Returns the Candidates in order."""
        cands = [
            Candidate(
                cid,
                problem.id,
                round_,
                agent.name,
                agent.model,
                reply=rec.text,
                lesson_ids=list(lesson_ids),
                call=call_summary(rec),
            )
            for agent, rec, cid, lesson_ids in items
        ]
        if not cands:
            return []
        ctx.progress(
            f"{problem.id}: evaluating {', '.join(c.id for c in cands)}"
            + (f" (together, batches of up to {ctx.batch})" if len(cands) > 1 and ctx.batch > 1 else "")
        )

        def each(cand: Candidate) -> None:
            out.candidates.append(cand)
            ctx.progress(
                f"{problem.id}: {cand.id}: {cand.outcome}"
                + (f", speedup {cand.speedup:.2f}x" if cand.speedup is not None else "")
            )

        return self.evaluate_candidates(problem, cands, ctx, each)

    def evaluate_candidate(self, problem, cand: Candidate, ctx: RunContext) -> Candidate:
        """Evaluate ``cand.reply``, fill result and source, store the source, log; counts
        toward the problem's evaluations."""
        if ctx.current is not None:
            ctx.current.evaluations += 1
        cand.result = ctx.evaluate(problem, cand.reply, candidate_id=cand.id)
        return self._evaluated(problem, cand, ctx)

    def _evaluated(self, problem, cand: Candidate, ctx: RunContext) -> Candidate:
        """An evaluated candidate's source from its result, stored and logged."""
        assert cand.result is not None
        cand.source = cand.result.source or cand.reply
        ctx.save_candidate(cand)
        ctx.log("candidate", problem=problem.id, **cand.summary())
        return cand

    def evaluate_candidates(
        self, problem, cands: Sequence[Candidate], ctx: RunContext, each: Callable[[Candidate], None] | None = None
    ) -> list[Candidate]:
        """:meth:`evaluate_candidate` on each of ``cands`` (candidates of ``problem``, in
        order), judged together (:meth:`RunContext.evaluate_batch`): each candidate's
        result, source, stored source, events and count are those it gets alone, and
        ``each(cand)`` runs for it as soon as it is settled (before the next one's
        events). One at a time, as :meth:`evaluate_candidate`, with ``--batch 1``, a
        single candidate, or a subclass that overrides evaluate_candidate. Returns
        ``cands`` as a list. Raises as :meth:`RunContext.evaluate_batch`."""
        cands = list(cands)
        if ctx.batch <= 1 or len(cands) <= 1 or type(self).evaluate_candidate is not Strategy.evaluate_candidate:
            for cand in cands:
                self.evaluate_candidate(problem, cand, ctx)
                if each is not None:
                    each(cand)
            return cands
        if ctx.current is not None:
            ctx.current.evaluations += len(cands)

        def settled(i: int, res: EvalResult) -> None:
            cands[i].result = res
            self._evaluated(problem, cands[i], ctx)
            if each is not None:
                each(cands[i])

        ctx.evaluate_batch(problem, [c.reply for c in cands], candidate_ids=[c.id for c in cands], on_result=settled)
        return cands

    def choose(self, outcome: ProblemOutcome) -> Candidate | None:
        """The candidate to report: the correct candidate with the highest *first*
        speedup (ties: the earliest), None when no candidate is correct. A strategy whose
        method names another final answer overrides this (colearning: its last
        evaluated candidate); a returned candidate that is not correct is reported as
        "no correct candidate" without a re-measurement."""
        correct = [
            c for c in outcome.candidates if c.result is not None and c.result.correct and c.result.speedup is not None
        ]
        return max(correct, key=lambda c: c.result.speedup) if correct else None  # max keeps the first of ties

    def choose_and_remeasure(self, problem, outcome: ProblemOutcome, ctx: RunContext) -> ProblemOutcome:
        """Honest selection: the candidate :meth:`choose` picks is re-measured on fresh
        seeds with the verdict cache off; the outcome reports that re-measurement. Sets
        status, best_id, first, remeasured."""
        best = self.choose(outcome)
        if best is None or best.result is None or not best.result.correct or best.result.speedup is None:
            outcome.status = NO_CORRECT
            return outcome
        outcome.best_id = best.id
        outcome.first = best.result
        ctx.progress(f"re-measuring the best candidate {best.id} on fresh seeds")
        rem = ctx.evaluate(problem, best.source, candidate_id=best.id, fresh=True)
        outcome.remeasured = rem
        outcome.status = (
            "correct"
            if rem.correct and rem.speedup is not None
            else LOST_REMEASURE
            if rem.status == INFRASTRUCTURE_ERROR
            else FAILED_REMEASURE
        )
        ctx.log(
            "best",
            problem=problem.id,
            candidate_id=best.id,
            first_speedup=best.result.speedup,
            status=outcome.status,
            speedup=rem.speedup,
            ci_low=rem.ci_low,
            ci_high=rem.ci_high,
        )
        return outcome
