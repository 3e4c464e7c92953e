"""``python -m harness eval CANDIDATE --problem ID``: one candidate's verdict
(harness.measure.evaluate)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path

from ..core.errors import HarnessError
from ..measure import sandbox
from ..measure.evaluate import NOT_COMPILED, flag_suspicious
from ..measure.evaluator import Evaluator
from ..measure.suite import get_problem
from .options import add_eval_options, add_suite_arguments, eval_config


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``eval`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "eval",
        help="evaluate one candidate (file, or - for a model reply on stdin)",
        description="Compile, sandbox, validate and time one candidate against the "
        "problem's baseline; prints status, speedup with CI, medians, "
        "and the evidence of a failure. Exit code 1 when the verdict is "
        "not correct.",
    )
    p.add_argument("candidate", help="C++ source or model reply (markdown); - reads stdin")
    p.add_argument("--problem", required=True, help="problem id (see `list`)")
    add_suite_arguments(p, "pareval")
    add_eval_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--samples", action="store_true", help="with --json: include per-pair samples (ns)")
    p.add_argument(
        "--profile",
        action="store_true",
        help="also collect profiler evidence: time at 1 thread (omp mode) and "
        "perf_event_open counters of one candidate call",
    )
    p.add_argument(
        "--no-reference",
        action="store_true",
        help="do not time the expert reference (used to flag suspicious speedups)",
    )
    p.set_defaults(fn=command)
    return p


def _read_candidate(path: str) -> str:
    """The candidate's text from file ``path`` (- : stdin); HarnessError when unreadable."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text()
    except (OSError, UnicodeDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) else e
        raise HarnessError(f"cannot read candidate file '{path}': {why}") from None


def _fmt_ns(ns: float) -> str:
    """A duration in ns with its unit (s, ms, us, ns)."""
    for unit, f in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= f:
            return f"{ns / f:.3f} {unit}"
    return f"{ns:.0f} ns"


def print_result(r) -> None:
    """Human-readable verdict of one EvalResult."""
    print(
        f"problem   {r.problem_id} ({r.suite}), mode {r.mode}, size {r.size_label}, "
        f"threads {r.threads} (CPUs {','.join(map(str, r.cpus))})"
    )
    print(
        f"status    {r.status}"
        + (f"   [{', '.join(r.flags)}]" if r.flags else "")
        + ("   (stored verdict; --no-cache to measure again)" if r.cached else "")
    )
    if r.correct and r.speedup is not None:
        print(
            f"speedup   {r.speedup:.3f}x  ({int(r.ci_level * 100)}% CI {r.ci_low:.3f} - {r.ci_high:.3f}, "
            f"{r.pairs} interleaved pairs)"
        )
        print(f"baseline  median {_fmt_ns(r.baseline_median_ns)}  MdAPE {r.baseline_mdape:.1f}%")
        print(f"candidate median {_fmt_ns(r.candidate_median_ns)}  MdAPE {r.candidate_mdape:.1f}%")
        if r.evidence.get("reference_speedup"):
            print(f"reference {r.evidence['reference_speedup']:.3f}x (the expert solution, same protocol)")
    ev = r.evidence or {}
    roof = ev.get("roofline") or {}
    if "bound_ns" in roof:
        print(
            f"roofline  bound {_fmt_ns(roof['bound_ns'])} ({roof['bytes']:.3g} bytes at the {roof['level']} "
            f"bandwidth"
            + (f", {roof['flops']:.3g} FLOP at the FP64 peak" if roof.get("flops") else "")
            + f"): baseline {100 * roof['baseline_fraction']:.1f} %, candidate "
            f"{100 * roof['candidate_fraction']:.1f} % of it"
        )
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
        print(
            f"warning   load average {load:.1f} on {os.cpu_count()} CPUs when timing started: "
            "other work was running; the speedup and its CI may not be reproducible"
        )
    if str(ev.get("race_check", "")).startswith("unavailable"):
        print(f"races     not checked, {ev['race_check']}")
    elif str(ev.get("race_check", "")).startswith("partial"):  # judged on its outputs (--race-check strict rejects)
        print(f"races     {ev['race_check']}")
    rc = ev.get("race_check_s")
    race = f"race check {rc['compile_s'] + rc['run_s']:.2f} s, " if rc else ""
    print(
        f"time      compile {r.compile_s:.2f} s, validation {r.validation_s:.2f} s, {race}"
        f"timed {r.timing_s:.2f} s, wall {r.wall_s:.2f} s"
    )


def command(args: argparse.Namespace) -> int:
    """``python -m harness eval``: prints the verdict (or JSON). Returns 0 when the
    candidate is correct, else 1; raises HarnessError (exit 2) for a bad problem, option
    or candidate file, or an empty candidate."""
    ev = Evaluator(args.mode).check()  # the mode first, then the problem and its options
    problem = get_problem(args.problem, args.suite)
    ev = dataclasses.replace(ev, cfg=eval_config(args, problem))
    cfg = ev.cfg
    what = f"the candidate {'on stdin' if args.candidate == '-' else repr(args.candidate)}"
    text = ev.check_text(_read_candidate(args.candidate), what)
    if not cfg.validate_only:  # the sandbox's absence is said first, as evaluate says it
        sandbox.require_sandbox(cfg.unsafe)
        ev.prepare(progress=lambda m: print(m, file=sys.stderr, flush=True))
    [res] = ev.evaluate_batch(problem, [text], dataclasses.replace(cfg, profile=args.profile))
    reference = ev.reference_source(problem) if res.correct and not args.no_reference else None
    if reference is not None:
        [ref] = ev.evaluate_batch(problem, [reference])
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
