"""Command line: ``python -m harness {list,eval,selftest,run,strategies,calibrate,report,memory,compare}``.

User errors end with one line on stderr and exit code 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import sys
import traceback
from pathlib import Path

from ..core.errors import HarnessError
from ..measure import sandbox
from ..measure.evaluate import RACE_CHECKS, EvalConfig, NOT_COMPILED, cpus_for, evaluate, flag_suspicious
from ..measure.peaks import describe as describe_peaks, ensure_roofs, machine_peaks, save_roofs
from ..measure.selftest import TABLE_HEADER, format_row, selftest
from ..measure.suite import (MODES, SUITE_HELP, add_suite_dir_argument, add_suite_dirs, check_mode, get_problem,
                             select_problems)
from ..measure.toolchain import find_compiler
from ..measure.topology import machine_info
from ..models import llm
from ..models.model_server import add_parser as add_serve_model_parser
from ..results.compare import cmd_compare
from ..results.noise_floor import save_noise_floor
from ..results.report import cmd_report
from ..run import add_run_parser
from ..score import add_score_parser
from ..strategies import registry
from ..strategies.memory import cmd_memory
from .calibrate import add_calibrate_parser


def _add_eval_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mode", default="omp", help="serial or omp (default: omp)")
    p.add_argument("--threads", type=int, default=None,
                   help="CPUs given to both sides in omp mode (default: all this process may use)")
    p.add_argument("--size", default=None,
                   help="timed problem size S (default: the problem's); PolyBench: a dataset name, e.g. LARGE")
    p.add_argument("--quick", action="store_true", help="use the problem's quick size")
    p.add_argument("--seed", type=int, default=20240521, help="first input seed (default: 20240521)")
    p.add_argument("--march", default="native",
                   help="-march for every object (default: native; pin e.g. x86-64-v3 to compare machines)")
    p.add_argument("--no-cache", action="store_true", help="measure again even if a stored verdict exists")
    p.add_argument("--unsafe-no-sandbox", action="store_true",
                   help="run candidates without bubblewrap (only if you trust the code)")
    p.add_argument("--race-check", default="default", choices=RACE_CHECKS, help="default: a candidate whose omp race check could not cover the timed size (evidence race_check \"partial: ...\") is judged on its outputs and counted apart; strict: it is rejected (default: default)")


def _config(args, problem):
    """The EvalConfig of the eval options for ``problem``."""
    size = problem.parse_size(args.size) if args.size is not None else None
    if not 0 <= args.seed < 2**63:
        raise HarnessError(f"--seed must be in 0 .. 2^63 - 1 (got {args.seed})")
    if args.threads is not None and args.mode == "serial":
        raise HarnessError("--threads applies to omp mode; serial mode runs both sides on one CPU")
    return EvalConfig(threads=args.threads, size=size, quick=args.quick, seed=args.seed,
                      march=args.march, use_cache=not args.no_cache, unsafe=args.unsafe_no_sandbox,
                      race_check=args.race_check)


def cmd_list(args) -> int:
    """``python -m harness list``: the problems of a suite (or of --category), as a table
    or JSON. Raises HarnessError for an unknown suite or category."""
    rows = select_problems(args.suite, None, args.category)
    if args.json:
        print(json.dumps([{"id": p.id, "category": p.category, "function": p.function,
                           "modes": list(MODES), "bound": p.bound, "sizes": p.sizes}
                          for p in rows], indent=1))
        return 0
    print(f"{'problem id':58} {'category':10} {'bound':8} {'serial S':>10} {'omp S':>10}")
    for p in rows:
        print(f"{p.id:58} {p.category:10} {p.bound:8} {p.size_label(p.sizes['serial']):>10} "
              f"{p.size_label(p.sizes['omp']):>10}")
    print(f"{len(rows)} problems in suite {args.suite}; modes: {', '.join(MODES)}; "
          "S is the problem's size parameter (see problem.toml)")
    return 0


def _read_candidate(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise HarnessError(f"cannot read candidate file '{path}': {e.strerror if isinstance(e, OSError) else e}")


def _fmt_ns(ns: float) -> str:
    for unit, f in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= f:
            return f"{ns / f:.3f} {unit}"
    return f"{ns:.0f} ns"


def print_result(r) -> None:
    """Human-readable verdict of one EvalResult."""
    print(f"problem   {r.problem_id} ({r.suite}), mode {r.mode}, size {r.size_label}, "
          f"threads {r.threads} (CPUs {','.join(map(str, r.cpus))})")
    print(f"status    {r.status}" + (f"   [{', '.join(r.flags)}]" if r.flags else "")
          + ("   (stored verdict; --no-cache to measure again)" if r.cached else ""))
    if r.correct and r.speedup is not None:
        print(f"speedup   {r.speedup:.3f}x  ({int(r.ci_level * 100)}% CI {r.ci_low:.3f} - {r.ci_high:.3f}, "
              f"{r.pairs} interleaved pairs)")
        print(f"baseline  median {_fmt_ns(r.baseline_median_ns)}  MdAPE {r.baseline_mdape:.1f}%")
        print(f"candidate median {_fmt_ns(r.candidate_median_ns)}  MdAPE {r.candidate_mdape:.1f}%")
        if r.evidence.get("reference_speedup"):
            print(f"reference {r.evidence['reference_speedup']:.3f}x (the expert solution, same protocol)")
    ev = r.evidence or {}
    roof = ev.get("roofline") or {}
    if "bound_ns" in roof:
        print(f"roofline  bound {_fmt_ns(roof['bound_ns'])} ({roof['bytes']:.3g} bytes at the {roof['level']} "
              f"bandwidth" + (f", {roof['flops']:.3g} FLOP at the FP64 peak" if roof.get("flops") else "")
              + f"): baseline {100 * roof['baseline_fraction']:.1f} %, candidate "
              f"{100 * roof['candidate_fraction']:.1f} % of it")
    elif roof.get("none"):
        print(f"roofline  none: {roof['none']}")
    if r.status in NOT_COMPILED:
        if ev.get("expected_signature"):
            print(f"expected  {ev['expected_signature']}")
        print("diagnostics (line numbers are the candidate's):")
        print("  " + ev.get("diagnostics", "").replace("\n", "\n  "))
    elif r.status in ("incorrect", "rejected"):
        print(f"why       {ev.get('why')}")
        if ev.get("seed") is not None:
            print(f"input     size {ev.get('size')}, seed {ev.get('seed')} ({ev.get('phase')})")
    elif r.status in ("runtime_error", "timeout"):
        print(f"why       {ev.get('why')}")
        if ev.get("stderr_tail"):
            print("stderr (tail):\n  " + ev["stderr_tail"].strip()[-1500:].replace("\n", "\n  "))
    for key in ("thread_scaling", "counters"):
        if ev.get(key):
            print(f"{key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in ev[key].items()))
    load = ev.get("load_avg_1min")
    if r.correct and load is not None and load > os.cpu_count():
        print(f"warning   load average {load:.1f} on {os.cpu_count()} CPUs when timing started: "
              "other work was running; the speedup and its CI may not be reproducible")
    if str(ev.get("race_check", "")).startswith("unavailable"):
        print(f"races     not checked, {ev['race_check']}")
    elif str(ev.get("race_check", "")).startswith("partial"):  # judged on its outputs (--race-check strict rejects)
        print(f"races     {ev['race_check']}")
    rc = ev.get("race_check_s")
    race = f"race check {rc['compile_s'] + rc['run_s']:.2f} s, " if rc else ""
    print(f"time      compile {r.compile_s:.2f} s, validation {r.validation_s:.2f} s, {race}"
          f"timed {r.timing_s:.2f} s, wall {r.wall_s:.2f} s")


def cmd_eval(args) -> int:
    check_mode(args.mode)
    problem = get_problem(args.problem, args.suite)
    cfg = _config(args, problem)
    text = _read_candidate(args.candidate)
    if not text.strip():
        raise HarnessError(f"the candidate {'on stdin' if args.candidate == '-' else repr(args.candidate)} is empty")
    if not cfg.validate_only:  # the sandbox's absence is said first, as evaluate says it
        sandbox.require_sandbox(cfg.unsafe)
        ensure_roofs(args.mode, len(cpus_for(args.mode, cfg.threads)), find_compiler(cfg.march),
                     progress=lambda m: print(m, file=sys.stderr, flush=True))
    res = evaluate(problem, text, args.mode, dataclasses.replace(cfg, profile=args.profile))
    if res.correct and not args.no_reference:
        ref = evaluate(problem, problem.reference(args.mode), args.mode, cfg)
        if ref.correct:
            res.evidence["reference_speedup"] = ref.speedup
            flag_suspicious(res, ref.speedup)
    if args.json:
        d = res.to_dict()
        if not args.samples:
            d.pop("baseline_ns")
            d.pop("candidate_ns")
        print(json.dumps(d, indent=1))
    else:
        print_result(res)
    return 0 if res.correct else 1


def cmd_selftest(args) -> int:
    """``python -m harness selftest``: prints the machine's roofs (FP64 peak, memory
    bandwidth per thread count and per level, caches: harness.measure.peaks) and stores
    them for evaluations (peaks.save_roofs), then the selftest table
    (harness.measure.selftest; each row once measured) and where this machine's noise floor
    and roofs were saved (harness.results.noise_floor). Returns 1 when an A/A or reference
    measurement was not correct (the suite does not measure sanely here: each is listed),
    else 0; raises HarnessError for a bad mode, problem or option."""
    check_mode(args.mode)
    problems = select_problems(args.suite, args.problems, args.category)
    if args.size is not None:
        raise HarnessError("selftest measures each problem at its own size; drop --size")
    cfg = _config(args, problems[0])
    n = len(cpus_for(args.mode, cfg.threads))
    comp = find_compiler(cfg.march)
    peaks = machine_peaks(args.mode, n, comp)
    print(f"{os.cpu_count()} CPUs, {machine_info()['cpu_model']}; {describe_peaks(peaks)}")
    print(f"roofs saved to {save_roofs(peaks, args.mode, n, comp)} (every evaluation on {n} "
          f"thread{'s' if n != 1 else ''} in {args.mode} mode reads them)")
    print(f"process limit of candidates: {sandbox.process_limit_gap(not cfg.unsafe) or 'enforced'}")
    # each row as soon as it is measured (a run at default sizes takes hours); progress on stderr
    print(TABLE_HEADER, flush=True)
    def not_correct(r) -> list[tuple[str, str, str]]:
        """(side, status, why) of each of a row's measurements that is not correct."""
        return [(what, r[f"{k}_status"], r[f"{k}_why"]) for what, k in (("A/A", "aa"), ("reference", "ref"))
                if r[f"{k}_status"] != "correct"]

    def on_row(r):
        print(format_row(r), flush=True)
        for what, status, why in not_correct(r):
            print(f"    {what} {status}: {why}", flush=True)

    rows = selftest(problems, args.mode, cfg, progress=lambda m: print(m, file=sys.stderr, flush=True),
                    on_row=on_row)
    print(f"noise floor and peaks saved to {save_noise_floor(args.suite, args.mode, rows, n, peaks)}")
    failed = 0
    for r in rows:
        bad = [f"{what} {status} ({why})" for what, status, why in not_correct(r)]
        if bad:
            failed += 1
            print(f"not measured: {r['problem']}: {', '.join(bad)}")
    return 1 if failed else 0


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit code 2), like every other user error."""

    def error(self, message: str):
        self.exit(2, f"error: {message} (see `{self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(
        prog="python -m harness",
        description="Benchmark harness for LLM code optimization (ParEval and PolyBench, serial and OpenMP).")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("list", help="list problem ids, categories, bound and default sizes")
    p.add_argument("--suite", default="pareval", help=SUITE_HELP)
    add_suite_dir_argument(p)
    p.add_argument("--category", default=None, help="only these categories (comma-separated)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(fn=cmd_list)

    p = sub.add_parser("eval", help="evaluate one candidate (file, or - for a model reply on stdin)",
                       description="Compile, sandbox, validate and time one candidate against the "
                                   "problem's baseline; prints status, speedup with CI, medians, "
                                   "and the evidence of a failure. Exit code 1 when the verdict is "
                                   "not correct.")
    p.add_argument("candidate", help="C++ source or model reply (markdown); - reads stdin")
    p.add_argument("--problem", required=True, help="problem id (see `list`)")
    p.add_argument("--suite", default="pareval", help=SUITE_HELP)
    add_suite_dir_argument(p)
    _add_eval_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--samples", action="store_true", help="with --json: include per-pair samples (ns)")
    p.add_argument("--profile", action="store_true",
                   help="also collect profiler evidence: time at 1 thread (omp mode) and "
                        "perf_event_open counters of one candidate call")
    p.add_argument("--no-reference", action="store_true",
                   help="do not time the expert reference (used to flag suspicious speedups)")
    p.set_defaults(fn=cmd_eval)

    p = sub.add_parser("selftest", help="A/A and reference speedups with their noise, and the "
                                        "machine's FP64 peak and memory bandwidth: does the suite "
                                        "measure sanely on this machine?",
                       description="For each problem: A/A speedup (baseline through the candidate "
                                   "path), expert reference speedup, each one's MdAPE, and the "
                                   "roofline bound with the share of it the baseline and the "
                                   "reference reach; first the machine's roofs: FP64 peak (FMA "
                                   "kernel, candidates' flags) on 1 and N threads, triad memory "
                                   "bandwidth on 1, 2, 4, ..., N threads, the bandwidth of every "
                                   "cache level and DRAM, cache sizes. Always measures anew. Stores "
                                   "the roofs that evaluations on this machine read, and the A/A "
                                   "results as this machine's noise floor (used by compare for runs "
                                   "without their own). Exit code 1 when an A/A or reference "
                                   "measurement is not correct (an impossible one included).")
    p.add_argument("--suite", default="pareval", help=SUITE_HELP)
    add_suite_dir_argument(p)
    p.add_argument("--problems", default=None, help="comma-separated problem ids (default: all)")
    p.add_argument("--category", default=None, help="only these categories (comma-separated)")
    _add_eval_options(p)
    p.set_defaults(fn=cmd_selftest)

    add_run_parser(sub)
    add_score_parser(sub)
    add_serve_model_parser(sub)
    add_calibrate_parser(sub)

    p = sub.add_parser("strategies", help="every strategy: parameters, defaults, model calls and "
                                          "evaluations per problem",
                       description="The strategy registry: each strategy's description, the team it "
                                   "needs, its `run` options with defaults (and the quick preset's "
                                   "values), and its per-problem budget of model calls and candidate "
                                   "evaluations at those defaults.")
    p.add_argument("--team-size", type=int, default=3,
                   help="agents in the team, for the budget of team strategies (default: 3)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(fn=cmd_strategies)

    p = sub.add_parser("report", help="re-render a run's tables and plots from its event log",
                       description="Rebuild the per-category, per-problem, per-round, per-agent and "
                                   "ParEval-metric tables of each results folder from its event log "
                                   "alone, with PNG plots, into RUN/report/. Several runs: also the "
                                   "strategy comparison, one table per suite and mode (LessonL's "
                                   "Table 1 layout: one row per run) and a plot of geomean against "
                                   "cost with its Pareto front; runs of one suite and mode must have "
                                   "measured the same problems, sizes and thread count.")
    p.add_argument("runs", nargs="+", metavar="RUN", help="results folder(s) (results/<run-id>)")
    p.add_argument("--format", default="md",
                   help="comma-separated: md, csv, json, html (default: md)")
    p.add_argument("--output", default=None, metavar="DIR",
                   help="write here instead of RUN/report (several runs: one sub-folder each)")
    p.add_argument("--k", default=None, help="k values for pass@k etc., comma-separated "
                                             "(default: 1, 2, 4, ... up to the candidates per problem)")
    p.add_argument("--no-plots", action="store_true", help="tables only")
    p.set_defaults(fn=_cmd_report)

    p = sub.add_parser("memory", help="summarise a memory store (items per region, per problem, provenance)",
                       description="A memory store shared across problems and runs (cogito's "
                                   "hippocampus, LessonL's --lesson-memory): items per region (DG, "
                                   "CA1-CA4, lessons), per problem and region, and provenance counts "
                                   "(runs, strategies, models, modes, suites), with its content hash.")
    p.add_argument("dir", metavar="DIR", help="the memory folder (e.g. results/<run-id>/memory)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(fn=_cmd_memory)

    p = sub.add_parser("compare", help="per-category and per-problem changes between runs; "
                                       "a regression gate for CI",
                       description="Align runs by (suite, problem id, mode, size, threads) and judge "
                                   "each NEW against OLD with a paired bootstrap over problems, "
                                   "replicates and timing noise. Warns about changed environments. "
                                   "Markdown for a pull-request comment.")
    p.add_argument("runs", nargs="+", metavar="RUN", help="OLD NEW [NEW ...] results folders")
    p.add_argument("--fail-on-regression", default=None, metavar="X",
                   help="exit 1 when the geomean's 95%% interval lies below 1 - X (e.g. 5%%)")
    p.add_argument("--format", default="md", help="md (default) or json")
    p.add_argument("--output", default=None, metavar="FILE", help="write here instead of stdout")
    p.add_argument("--resamples", type=int, default=None, help="bootstrap resamples (default: 10000)")
    p.add_argument("--seed", type=int, default=None, help="bootstrap seed (default: 20240521)")
    p.set_defaults(fn=_cmd_compare)
    return ap


def cmd_strategies(args) -> int:
    """``python -m harness strategies``: the registry as a table (or JSON)."""
    if args.team_size < 1:
        raise HarnessError(f"--team-size must be >= 1 (got {args.team_size})")
    rows = []
    for name, info in sorted(registry.load_all().items()):
        n = 0 if info.team == registry.TEAM_NONE else (1 if info.team == registry.TEAM_ONE else args.team_size)
        full, quick = info.resolve({}), info.resolve({}, "quick")
        rows.append({"strategy": name, "description": info.description, "team": info.team,
                     "roles": list(info.roles),
                     "options": [{"flag": p.cli_flag, "type": p.type.__name__, "default": p.default,
                                  "quick": info.quick.get(p.name, p.default), "help": p.help}
                                 for p in info.params],
                     "budget": dataclasses.asdict(info.budget(full, n)),
                     "budget_quick": dataclasses.asdict(info.budget(quick, n))})
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    def fmt(b):
        return str(registry.Budget(**b))

    print(f"Budget per problem (team of {args.team_size} where a strategy uses the team), plus "
          "one re-measurement of the chosen candidate; `run --strategy NAME [options]`. Calls "
          "include the retries of requests that overflow the model's context window.")
    print(f"Sampling (`run --sampling`, every strategy): paper (default): every call at temperature "
          f"{llm.PAPER_SAMPLING['temperature']}, top_p {llm.PAPER_SAMPLING['top_p']}, "
          f"{' and '.join(llm.PENALIZED_PURPOSES)} calls with frequency penalty "
          f"{llm.PAPER_FREQUENCY_PENALTY}, as the LessonL authors ran them; model: each agent's own "
          f"values (default {llm.DEFAULT_TEMPERATURE} / {llm.DEFAULT_TOP_P}). A team file's temperature "
          "or top_p for an agent wins either way.")
    print("Evidence (`run --evidence`, every strategy that feeds evaluations back): full (default): "
          "status, speedup with CI, compiler diagnostics, the mismatch, profiler signals; upstream: "
          "what the authors' prompts carried (status, speedup, the evaluator's text).\n")
    for r in rows:
        quick = f" (quick preset: {fmt(r['budget_quick'])})" if r["budget_quick"] != r["budget"] else ""
        print(f"{r['strategy']}  [team: {r['team']}]  {fmt(r['budget'])}{quick}")
        print(f"  {r['description']}")
        if r["roles"]:
            print(f"  team-file [roles] it reads: {', '.join(r['roles'])}")
        for o in r["options"]:
            q = f", quick {o['quick']}" if o["quick"] != o["default"] else ""
            print(f"  {o['flag']:24} {o['help']} (default {o['default']}{q})")
        print()
    return 0


def _cmd_report(args) -> int:
    return cmd_report(args, strategy_info=registry.find)


def _cmd_memory(args) -> int:
    return cmd_memory(args)


def _cmd_compare(args) -> int:
    return cmd_compare(args)


def main(argv: list[str] | None = None) -> int:
    """Entry point. Returns the exit code: 0 ok, 1 `compare` found a regression beyond
    --fail-on-regression, `eval`'s verdict or a `selftest` A/A or reference is not correct,
    2 user error, 3 internal error (a harness fault, not the candidate's: the traceback is
    printed) or the local model process died twice (one line; `run --resume` continues),
    130 interrupted."""
    ap = build_parser()
    args = ap.parse_args(argv)
    # `kill` or a CI timeout: unwind like Ctrl-C, so sandboxes and cgroups are cleaned up
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        if getattr(args, "suite_dir", None):
            add_suite_dirs(args.suite_dir)
        return args.fn(args)
    except HarnessError as e:
        print(f"error: {e}", file=sys.stderr)
        return getattr(e, "exit_code", 2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and closed: not an error
        sys.stderr.close()
        return 0
    except Exception:  # a harness fault: its own exit code, so no script blames the candidate
        traceback.print_exc()
        return 3


if __name__ == "__main__":
    sys.exit(main())
