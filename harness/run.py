"""``python -m harness run``: a team optimizes a suite's problems with a strategy.

:func:`execute` runs it (harness.cli.run turns the command line into :class:`RunOptions`;
tests and scripts call it directly).  The run writes
``results/<run-id>/`` (see harness.results.runstore), prints one progress line per step (problem
i/n, round, agent, ETA) -- plain lines, never a live display, so nothing refreshes the
terminal while code is timed -- and ends with the per-category table (harness.results.report).

Evaluation workers: ``--eval-workers N`` (default 1) runs up to N evaluations at once on
Parsl workers pinned to disjoint CPU sets (harness.measure.executors; ``--parsl-config FILE``
runs them wherever that Parsl config says) and keeps IN_FLIGHT_PER_WORKER x N problems in
flight, one thread each, so that a worker whose problem is between evaluations (model
calls, or its last evaluation running elsewhere) finds another problem's evaluation
waiting; every problem keeps its own rounds and barriers. With 1 worker the run is the
sequential loop it always was, with no executor started.

Budgets: ``--max-cost`` (USD, counted over every recorded call including cache hits)
and ``--time-budget`` (seconds of wall time of this session) stop the run cleanly
between steps: finished problems are kept, and ``--resume`` continues the rest.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .core.errors import HarnessError
from .measure.evaluate import BATCH, EvalConfig, flag_suspicious
from .measure.evaluator import Evaluator
from .measure.executors import make_executor
from .measure.suite import get_suite, load_suite, select_problems as suite_select
from .measure.toolchain import cache_root
from .models import model_process
from .models.llm import (
    DEFAULT_SAMPLING,
    LEGACY_SAMPLING,
    SAMPLING_CHOICES,
    Agent,
    CostTracker,
    Team,
    complete,
    sampling_record,
    validate_team,
)
from .results import render, report
from .results.runstore import RunStore, new_run_id, provenance
from .strategies import BudgetExceeded, RunContext, registry
from .strategies.prompting import EVIDENCE_LEVELS

# --preset quick: 6 problems from 6 categories, short replies, quick sizes; each strategy
# scales its own parameters down (its registry entry's ``quick``: LessonL 2 rounds)
PRESETS = {"quick": {"n_problems": 6, "max_tokens": 512, "quick": True}}
# problems in flight per evaluation worker (--eval-workers > 1): evaluations queue at the
# executor, so no worker idles while its problem waits for a model call or a barrier
IN_FLIGHT_PER_WORKER = 2


@dataclass
class RunOptions:
    """Everything a run needs (recorded in config.json and reused by --resume).

    max_cost in USD, time_budget in seconds, max_tokens in tokens; eval_overrides: extra
    EvalConfig fields (e.g. {"min_pairs": 3}); strategy_options: the strategy's
    parameters given explicitly ({name: value}; the registry fills in the rest, see
    :meth:`strategy_params`); eval_workers: evaluations at once (and problems in
    flight); parsl_config: a Parsl config file for the workers (None: local workers);
    sampling: "paper" or "model" (harness.models.llm.sampled_agent); batch: the most
    candidates of one problem that are ready together (a round's) judged in one batch
    (harness.measure.evaluate.evaluate_batch; 1: each alone).
    """

    mode: str = "omp"
    suite: str = "pareval"
    problems: list | None = None
    category: str | None = None
    models: str | None = None
    team_file: str | None = None
    strategy: str = "lessonl"
    strategy_options: dict = field(default_factory=dict)
    preset: str | None = None
    repeats: int = 1
    max_cost: float | None = None
    time_budget: float | None = None
    output: str = "results"
    threads: int | None = None
    unsafe: bool = False
    quick: bool = False
    max_tokens: int | None = None
    reference: bool = True
    evidence: str = "full"
    max_parallel: int = 4
    seed: int = 20240521
    march: str = "native"
    eval_overrides: dict = field(default_factory=dict)
    n_problems: int | None = None
    eval_workers: int = 1
    parsl_config: str | None = None
    executor: str | None = None  # harness.measure.executors; None: inline for one worker, else parsl
    sampling: str = DEFAULT_SAMPLING
    race_check: str = "default"  # --race-check: EvalConfig.race_check
    batch: int = BATCH  # --batch: a round's candidates of a problem judged together at most (1: each alone)

    def check(self) -> "RunOptions":
        """Raises HarnessError for values a user can get wrong."""
        Evaluator.from_options(self).check()
        for name, lo in (("repeats", 1), ("max_parallel", 1), ("eval_workers", 1)):
            if getattr(self, name) < lo:
                raise HarnessError(f"--{name.replace('_', '-')} must be >= {lo} (got {getattr(self, name)})")
        for name in ("max_cost", "time_budget"):
            v = getattr(self, name)
            if v is not None and v <= 0:
                raise HarnessError(f"--{name.replace('_', '-')} must be > 0 (got {v})")
        if self.max_tokens is not None and self.max_tokens < 1:
            raise HarnessError(f"--max-tokens must be >= 1 (got {self.max_tokens})")
        if self.evidence not in EVIDENCE_LEVELS:
            raise HarnessError(f"unknown --evidence '{self.evidence}' (known: {', '.join(EVIDENCE_LEVELS)})")
        if self.sampling not in SAMPLING_CHOICES:
            raise HarnessError(f"--sampling must be one of {', '.join(SAMPLING_CHOICES)} (got {self.sampling!r})")
        check_batch(self.batch)
        if self.preset is not None and self.preset not in PRESETS:
            raise HarnessError(f"unknown preset '{self.preset}' (known: {', '.join(PRESETS)})")
        self.strategy_params()
        return self

    def strategy_params(self) -> dict:
        """The strategy's full parameters: its defaults, the preset's values, then
        strategy_options. Raises HarnessError for an unknown strategy, an option it does
        not take or a bad value."""
        return registry.get(self.strategy).resolve(self.strategy_options, self.preset)

    def with_preset(self) -> "RunOptions":
        """A copy with the preset's values applied (explicit values set by the CLI win,
        see cmd_run)."""
        if not self.preset:
            return self
        return dataclasses.replace(self, **PRESETS[self.preset])


def check_batch(batch) -> int:
    """``--batch`` (``run``, ``score``): an int of at least 1, returned. Raises
    HarnessError (one line, exit 2) otherwise."""
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise HarnessError(f"--batch must be an integer >= 1 (got {batch!r}); --batch 1 judges every candidate alone")
    return batch


def select_problems(opts: RunOptions) -> list:
    """The problems of the run: --problems, else the suite, kept to --category
    (harness.measure.suite.select_problems); the quick preset takes its suite's
    ``quick_problems`` (suite.toml: ParEval's six, one per category, fixed so that quick
    runs stay comparable as the suite grows), else the first problem (by id) of each
    category, at most ``n_problems``. Raises HarnessError for an unknown id, category or
    suite, or an empty selection."""
    probs = suite_select(opts.suite, opts.problems, opts.category)
    quick = get_suite(opts.suite).quick_problems
    if opts.n_problems and not opts.problems and not opts.category and quick:
        suite = load_suite(opts.suite)
        probs = [suite[pid] for pid in quick[: opts.n_problems]]
    elif opts.n_problems and not opts.problems:
        seen, picked = set(), []
        for p in probs:
            if p.category not in seen:
                seen.add(p.category)
                picked.append(p)
        probs = picked[: opts.n_problems]
    return probs


def build_team(opts: RunOptions, config_team: dict | None = None):
    """The team: from config.json (resume), --team, --models, or the default team (cut
    to the strategy's ``agents`` when it has fewer, to one agent for a strategy that uses
    only the team's first); --max-tokens applies to every agent. Raises ModelConfigError
    (a HarnessError)."""
    if config_team:
        return Team(
            agents=tuple(Agent(**a) for a in config_team["agents"]),
            source=config_team.get("source", "config.json"),
            roles=config_team.get("roles", {}),
        )
    overrides = {"max_tokens": opts.max_tokens} if opts.max_tokens else {}
    team = Team.load(models=opts.models, team_file=opts.team_file, **overrides)
    unknown = sorted(set(team.roles) - registry.known_roles())
    if unknown:
        raise HarnessError(
            f"{team.source}: [roles] {unknown[0]} is a role no strategy reads "
            f"(known: {', '.join(sorted(registry.known_roles()))})"
        )
    n = opts.strategy_params().get("agents")
    if registry.get(opts.strategy).team == registry.TEAM_ONE:
        n = 1
    if opts.models is None and opts.team_file is None and n and n < len(team.agents):
        # the default team, fewer agents asked: record (and check) only those that run
        team = Team(agents=team.agents[:n], source=team.source)
    return team


def _local_model_record(servers: dict) -> dict | None:
    """config.json's ``local_model``: what serves the team's local model and how it was
    loaded (the server's own record: server, llama-cpp-python version, threads, slots,
    context tokens per sequence, load seconds, AMX and extra buffer types; see
    harness.models.model_server), or None without local agents. A second local model's record
    goes under ``others``."""
    if not servers:
        return None
    first, *rest = servers.values()
    return {**first.info, **({"others": [s.info for s in rest]} if rest else {})}


def fmt_s(s: float) -> str:
    """A duration of ``s`` seconds for progress lines: "4m05s", "1h02m"."""
    s = int(max(0, s))
    return f"{s // 3600}h{s // 60 % 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


@dataclass
class Session:
    """A run built from its options and ready to open (:func:`build_session`): the
    options, the selected problems (suite.Problem, in run order), the strategy's registry
    entry (``info``), resolved parameters and instance, the team (llm.Team, None for a
    strategy that calls no model), the local model servers started for it ({model:
    server}), the evaluation config, the compiler (toolchain.Compiler), the
    evaluation executor and this machine's roofs (harness.measure.peaks.ensure_roofs; None
    when nothing is timed here: validation only, or evaluations replaced by a test's)."""

    opts: RunOptions
    problems: list
    info: object
    params: dict
    strategy: object
    team: object
    servers: dict
    cfg: EvalConfig
    comp: object
    executor: object
    roofs: dict | None = None


def build_session(
    opts: RunOptions,
    *,
    store=None,
    complete_fn: Callable | None = None,
    evaluate_fn: Callable | None = None,
    console=None,
    validate: bool = True,
) -> Session:
    """Check ``opts`` and build everything a run needs before it writes anything: the
    problems, the strategy, the team (checked unless ``validate`` is False or
    ``complete_fn`` replaces the model layer; the team of a resumed ``store`` is
    reused), the local model servers, the evaluation config and executor. Raises
    HarnessError for the user's errors."""
    opts.check()
    problems = select_problems(opts)
    info = registry.get(opts.strategy)
    params = opts.strategy_params()
    strategy = info.build(params)
    team = None
    if info.team != registry.TEAM_NONE:
        team = build_team(opts, store.config.get("team") if store else None)
    strategy.prepare(team)
    if team is not None and validate and complete_fn is None:
        console.print(f"checking the team ({len(team)} agent(s)) ...")
        validate_team(team)
    # thread scaling (omp mode) and counters: profiler evidence for strategies that show it;
    # a resumed run keeps what it collected (Co-Learning and Cogito collect it since 2026-12-02)
    profile = info.profile and opts.evidence == "full"
    if store is not None:
        profile = bool((store.config.get("eval_config") or {}).get("profile", profile))
    evaluator = Evaluator.from_options(opts, profile=profile)
    # before anything else loads the machine
    comp, roofs = evaluator.prepare(timed=evaluate_fn is None, progress=console.print if console else None)
    servers = _start_model_servers(team, console) if team is not None and complete_fn is None else {}
    cfg = evaluator.cfg
    executor = make_executor(opts.eval_workers, opts.mode, opts.threads, opts.parsl_config, evaluate_fn, opts.executor)
    return Session(opts, problems, info, params, strategy, team, servers, cfg, comp, executor, roofs)


def open_session(session: Session, store=None, command: list | None = None):
    """The run's folder: a new one under ``opts.output`` with config.json (every fact
    reporting needs, so the run reports the same under later versions), or the resumed
    ``store`` (its "run_resumed" logged only now, after every check passed); the model
    servers are logged in it. Returns the RunStore. Raises HarnessError when the folder
    cannot be created."""
    opts, info, strategy, team, servers = session.opts, session.info, session.strategy, session.team, session.servers
    problems, params, cfg, comp, executor = (
        session.problems,
        session.params,
        session.cfg,
        session.comp,
        session.executor,
    )
    if store is None:
        config = {
            "options": dataclasses.asdict(opts),
            "strategy": strategy.name,
            "strategy_options": strategy.options(),
            # what reporting reads, so this run reports the same under later versions
            "strategy_defaults": info.defaults(),
            "team_kind": info.team,
            "budget_per_problem": dataclasses.asdict(info.budget(params, len(team) if team else 0)),
            "mode": opts.mode,
            "team": team.to_dict() if team else None,
            "sampling": sampling_record(opts.sampling),
            "local_model": _local_model_record(servers),
            **Evaluator(opts.mode, cfg).record(comp, session.roofs, executor),
            **provenance(opts.suite, problems, command),
        }
        store = RunStore.create(Path(opts.output), new_run_id(strategy.name, opts.mode), config)
    else:  # --resume: logged only now, after every check of the options passed
        store.resumed()
    for m, s in servers.items():
        store.event("model_server", model=m, url=s.url, pid=s.pid, external=s.external, info=s.info)
    return store


def run_problems(session: Session, store, *, complete_fn: Callable | None = None, console=None):
    """Run every (replicate, problem) job of ``session`` into ``store`` (those a
    previous session finished are skipped), printing progress with an ETA, and write
    the tables and report.md; returns (rows, per-category summary). Each problem works
    through its own context (RunContext.for_problem). A budget running out pauses the
    run (finished problems kept); any other exception is logged as "run_interrupted"
    and re-raised after the tables are written."""
    opts, info, strategy, team, executor = session.opts, session.info, session.strategy, session.team, session.executor
    problems, cfg = session.problems, session.cfg
    tracker = CostTracker(max_cost_usd=opts.max_cost)
    raw_complete = complete_fn
    if raw_complete is None:

        def raw_complete(agent, messages, seed):
            return complete(agent, messages, cache_dir=cache_root() / "llm", seed=seed)

    def counted_complete(agent, messages, seed):
        rec = raw_complete(agent, messages, seed)
        tracker.add(rec)
        return rec

    done = store.finished()
    t_start = time.monotonic()
    deadline = t_start + opts.time_budget if opts.time_budget else None
    jobs = [(rep, p) for rep in range(opts.repeats) for p in problems]
    total = len(jobs)
    lock = threading.Lock()
    in_flight = 1 if executor.workers == 1 else IN_FLIGHT_PER_WORKER * executor.workers
    state = {"done": 0, "times": [], "flight": {}}  # flight: {thread id: problem id}

    def progress(text: str) -> None:
        with lock:
            eta, n_done, flight = "", state["done"], list(state["flight"].values())
            if state["times"]:
                left = total - n_done
                per = sum(state["times"]) / len(state["times"])
                eta = f"  ETA {fmt_s(per * left / max(1, min(in_flight, left)))}"
        where = f" in flight: {', '.join(flight)}" if len(flight) > 1 else ""
        console.print(
            f"[dim]{fmt_s(time.monotonic() - t_start)}[/dim] [bold][{n_done}/{total}{where}][/bold] {text}{eta}"
        )

    ctx = RunContext(
        complete_fn=counted_complete,
        executor=executor,
        eval_config=cfg,
        store=store,
        tracker=tracker,
        deadline=deadline,
        max_parallel=opts.max_parallel,
        progress=progress,
        recorded=store.recorded_evaluations(),
        sampling=opts.sampling,
        evidence=opts.evidence,
        mode=opts.mode,
        batch=opts.batch,
    )
    ctx.set_jobs([(rep, p.id) for rep, p in jobs])
    results: dict[int, dict] = {}

    def run_problem(i: int) -> None:
        rep, p = jobs[i]
        if (p.id, rep) in done:
            results[i] = done[(p.id, rep)]
            store.event("problem_skipped", problem=p.id, repeat=rep, why="finished before resume")
            with lock:
                state["done"] += 1
            progress(f"{p.id}: finished in an earlier session, skipped")
            ctx.job_done(rep, p.id)
            return
        ctx.check_budget()
        t0 = time.monotonic()
        pctx = ctx.for_problem(rep)  # this problem's scope: replicate, mode, outcome
        with lock:
            state["flight"][threading.get_ident()] = p.id
        try:
            store.event("problem_started", problem=p.id, repeat=rep, category=p.category)
            progress(f"{p.id} ({p.category})" + (f", repeat {rep + 1}/{opts.repeats}" if opts.repeats > 1 else ""))
            ref = None
            if opts.reference:
                ref = measure_reference(p, pctx, progress)
            # a strategy that calls no model (null) is itself the noise floor
            floor = measure_noise_floor(p, pctx, progress) if info.team != registry.TEAM_NONE else None
            outcome = strategy.run(p, opts.mode, team, pctx)
            outcome.reference = ref
            outcome.noise_floor = floor
            if outcome.remeasured is not None:
                flag_suspicious(outcome.remeasured, outcome.reference_speedup)
            row = outcome.row()
            results[i] = row
            store.event("problem_done", problem=p.id, repeat=rep, row=row)
        finally:
            ctx.job_done(rep, p.id)
            with lock:
                state["flight"].pop(threading.get_ident(), None)
        with lock:
            state["done"] += 1
            state["times"].append(time.monotonic() - t0)
        msg = f"{p.id}: {outcome.status}" + (
            f", speedup {row['speedup']:.2f}x (CI {row['ci_low']:.2f}-{row['ci_high']:.2f}) on re-measurement"
            if row["speedup"] is not None
            else ""
        )
        if row["infrastructure_errors"]:
            msg += (
                f"; {row['infrastructure_errors']} evaluation(s) lost with their worker: "
                "--resume runs this problem again"
            )
        progress(msg)
        with lock:
            store.write_table([results[k] for k in sorted(results)])

    rows, stopped = [], None
    try:
        try:
            executor.start(store.root / "parsl")
            if executor.workers > 1:
                console.print(f"evaluation workers: {executor.describe()}")
            if executor.workers == 1:
                for i in range(total):
                    run_problem(i)
            else:
                run_in_flight(run_problem, total, in_flight, ctx)
        finally:
            rows[:] = [results[k] for k in sorted(results)]
            executor.shutdown()
    except BudgetExceeded as e:
        stopped = str(e)
        store.event("run_stopped", reason=stopped)
        console.print(
            f"[yellow]stopped: {stopped}; finished problems are kept, continue with --resume {store.root}[/yellow]"
        )
    except BaseException as e:
        store.event("run_interrupted", error=f"{type(e).__name__}: {e}")
        _finish(store, rows, tracker, ctx, time.monotonic() - t_start, console, print_table=False)
        console.print(f"[yellow]interrupted; finished problems are kept, continue with --resume {store.root}[/yellow]")
        raise
    store.event("run_finished" if stopped is None else "run_paused", problems=len(rows))
    summary = _finish(store, rows, tracker, ctx, time.monotonic() - t_start, console)
    return rows, summary


def execute(
    opts: RunOptions,
    *,
    store=None,
    complete_fn: Callable | None = None,
    evaluate_fn: Callable | None = None,
    console=None,
    validate: bool = True,
    command: list | None = None,
):
    """Run ``opts`` and write the results folder; returns (RunStore, rows, summary):
    :func:`build_session`, :func:`open_session`, :func:`run_problems`.

    store: an opened RunStore to resume (None: a new folder under opts.output);
    complete_fn(agent, messages, seed) -> CallRecord replaces the model layer (tests);
    evaluate_fn replaces harness.measure.evaluate.evaluate; validate: check the team (keys,
    endpoints, local model) before any work. Raises HarnessError for the user's errors
    (nothing measured is lost: the tables are written before it propagates).
    """
    from rich.console import Console

    console = console or Console(highlight=False, soft_wrap=True)
    session = build_session(
        opts, store=store, complete_fn=complete_fn, evaluate_fn=evaluate_fn, console=console, validate=validate
    )
    store = open_session(session, store, command)
    console.print(f"results folder: {store.root}")
    rows, summary = run_problems(session, store, complete_fn=complete_fn, console=console)
    return store, rows, summary


def _start_model_servers(team, console) -> dict:
    """Starts (or, with $HARNESS_MODEL_SERVER, checks) the model process of every local
    model of ``team`` before any work; {model: ModelProcess or ExternalServer}. Raises
    LocalModelError (a HarnessError) when one cannot start."""
    servers = {}
    for m in dict.fromkeys(a.model for a in team if a.is_local):
        s = model_process.server_for(m)
        if not s.external:
            console.print(f"starting the model process for {m} ...")
        s.ensure()
        info = s.info
        console.print(
            f"model: {m} at {s.url}"
            + (
                " (started by hand)"
                if s.external
                else f" ({info.get('slots', '?')} slots, at most {info.get('threads', '?')} thread(s), "
                f"{info.get('threads_rule', '?')}, "
                f"loaded in {info.get('load_s', '?')} s)"
            )
        )
        servers[m] = s
    return servers


def run_in_flight(run_problem: Callable[[int], None], total: int, workers: int, ctx) -> None:
    """Runs ``run_problem(i)`` for i < total, ``workers`` problems at once (one thread
    each). The first error stops the rest: problems not started are not started, those
    in flight stop at their next budget check (ctx.halt); then the first error is raised
    (BudgetExceeded, HarnessError, KeyboardInterrupt...)."""
    from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait

    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="problem")
    futures = [pool.submit(run_problem, i) for i in range(total)]
    try:
        wait(futures, return_when=FIRST_EXCEPTION)
        errors = [f.exception() for f in futures if f.done() and f.exception() is not None]
        if errors:
            raise errors[0]
    except BaseException as e:
        ctx.halt(str(e) if isinstance(e, BudgetExceeded) else f"the run is stopping ({type(e).__name__})")
        for f in futures:
            f.cancel()
        wait(futures)
        raise
    finally:
        pool.shutdown(wait=True)


def measure_reference(problem, ctx, progress):
    """The expert reference evaluated like a candidate: its EvalResult, or None if it is
    not correct. Shared across replicates: it is the problem's ceiling on this machine, not a
    result of the replicate, so replicate 0 measures it and later replicates reuse that
    measurement (logged as "evaluation_reused")."""
    src = Evaluator(ctx.mode, ctx.eval_config).reference_source(problem)
    if src is None:
        return None
    progress(f"{problem.id}: measuring the expert reference")
    res = ctx.evaluate(problem, src, candidate_id=f"{problem.id}-reference", shared=True)
    ctx.log(
        "reference", problem=problem.id, status=res.status, speedup=res.speedup, ci_low=res.ci_low, ci_high=res.ci_high
    )
    return res if res.correct else None


def measure_noise_floor(problem, ctx, progress):
    """The null strategy on this problem: the baseline's own source through the
    candidate path, measured like a reported result (fresh seeds, no verdict cache), anew
    in every replicate. Its speedup is what noise alone would report; an EvalResult, or
    None if not correct."""
    progress(f"{problem.id}: measuring the noise floor (baseline as a candidate)")
    res = ctx.evaluate(problem, problem.source("baseline.cpp"), candidate_id=f"{problem.id}-null", fresh=True)
    ctx.log(
        "noise_floor",
        problem=problem.id,
        status=res.status,
        speedup=res.speedup,
        ci_low=res.ci_low,
        ci_high=res.ci_high,
    )
    return res if res.correct else None


def _finish(store, rows, tracker, ctx, wall_s, console, print_table: bool = True) -> list:
    """Write problems.csv/json and report.md (the report of the run read back from its
    folder, as ``python -m harness report`` builds it, without plots, with this
    session's figures; a line saying how to continue while no problem has finished);
    print the per-category table unless ``print_table`` is False.
    Returns the per-category rows (harness.results.tables: summarize's columns and the
    geomean's bootstrap interval)."""
    model_s = sum(r.get("model_s") or 0.0 for r in rows)
    ctok = sum(r.get("completion_tokens") or 0 for r in rows)
    # the tracker and the context count this session; the rows (and the tables) every session
    breakdown = {
        "model calls (this session)": f"{tracker.calls} ({tracker.cache_hits} from the response cache)",
        "tokens (this session)": (
            f"{tracker.prompt_tokens} prompt ({tracker.cached_prompt_tokens} of them from "
            f"the model's prompt cache) + {tracker.completion_tokens} completion"
        ),
        "generation speed (all sessions)": (
            f"{ctok / model_s:.1f} completion tokens/s per call over {model_s:.1f} s "
            "of call time (uncached calls, summed)"
        )
        if model_s > 0
        else "-",
        "cost (this session)": f"${tracker.cost_usd:.4f} (paid now: ${tracker.paid_usd:.4f})",
        "model-call phases (this session)": f"{ctx.generate_s:.1f} s wall (concurrent calls overlap in it)",
        "evaluation (this session)": f"{ctx.evaluations} evaluations, {ctx.eval_s:.1f} s",
        "judge overhead: wall / timed work (this session)": ctx.judge_overhead(),
        "wall time (this session)": f"{wall_s:.1f} s",
        "plots, and the tables as csv, json or html": f"python -m harness report {store.root}",
    }
    rep = report.write_run_results(store, rows, breakdown)
    if rep is not None:
        summary = rep.tables["per_category"]
    else:  # nothing to tabulate yet
        store.write_report(
            f"# Run {store.root.name}\n\nNo problem finished yet: `python -m harness run "
            f"--resume {store.root}` continues it.\n"
        )
        summary = []
    if print_table and rows:
        render.print_category_summary(summary, console, title="Per-category results (all columns: report.md)")
        for k, v in breakdown.items():
            console.print(f"  {k}: {v}")
        console.print(f"report: {store.root / 'report.md'}")
    return summary


def options_from_config(config: dict) -> RunOptions:
    """The RunOptions a results folder was run with (config.json), for --resume. The
    strategy's parameters are the resolved values config.json recorded
    ("strategy_options"), so a resumed run keeps them even where a default changed
    since; a parameter the run predates takes its Param.legacy value (e.g. LessonL's
    factor_rule "multiplicative"), else the default; a run from before ``--sampling``
    existed resumes with the agents' own values (LEGACY_SAMPLING), and one from before
    ``--batch`` with every candidate judged alone (batch 1), as it ran."""
    saved = {"sampling": LEGACY_SAMPLING, "batch": 1, **config.get("options", {})}
    fields = {f.name for f in dataclasses.fields(RunOptions)}
    opts = RunOptions(**{k: v for k, v in saved.items() if k in fields})
    info = registry.get(opts.strategy)
    resolved = {**(saved.get("strategy_options") or {}), **(config.get("strategy_options") or {})}
    opts.strategy_options = {
        p.name: resolved.get(p.name, p.legacy) for p in info.params if p.name in resolved or p.legacy is not None
    }
    return opts
