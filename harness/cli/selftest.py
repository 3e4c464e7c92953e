"""``python -m harness selftest``: does the suite measure sanely on this machine? A/A and
reference speedups, the machine's roofs and its noise floor (harness.measure.selftest)."""

from __future__ import annotations

import argparse
import os
import sys

from ..core.errors import HarnessError
from ..measure import sandbox
from ..measure.evaluate import cpus_for
from ..measure.peaks import describe as describe_peaks, machine_peaks, save_roofs
from ..measure.selftest import TABLE_HEADER, format_row, selftest
from ..measure.suite import check_mode, select_problems
from ..measure.toolchain import find_compiler
from ..measure.topology import machine_info
from ..results.noise_floor import save_noise_floor
from .options import add_eval_options, add_suite_arguments, eval_config


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``selftest`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "selftest",
        help="A/A and reference speedups with their noise, and the "
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
        "measurement is not correct (an impossible one included).",
    )
    add_suite_arguments(p, "pareval")
    p.add_argument("--problems", default=None, help="comma-separated problem ids (default: all)")
    p.add_argument("--category", default=None, help="only these categories (comma-separated)")
    add_eval_options(p)
    p.set_defaults(fn=command)
    return p


def command(args: argparse.Namespace) -> int:
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
    cfg = eval_config(args, problems[0])
    n = len(cpus_for(args.mode, cfg.threads))
    comp = find_compiler(cfg.march)
    peaks = machine_peaks(args.mode, n, comp)
    print(f"{os.cpu_count()} CPUs, {machine_info()['cpu_model']}; {describe_peaks(peaks)}")
    print(
        f"roofs saved to {save_roofs(peaks, args.mode, n, comp)} (every evaluation on {n} "
        f"thread{'s' if n != 1 else ''} in {args.mode} mode reads them)"
    )
    print(f"process limit of candidates: {sandbox.process_limit_gap(not cfg.unsafe) or 'enforced'}")
    # each row as soon as it is measured (a run at default sizes takes hours); progress on stderr
    print(TABLE_HEADER, flush=True)

    def not_correct(r) -> list[tuple[str, str, str]]:
        """(side, status, why) of each of a row's measurements that is not correct."""
        return [
            (what, r[f"{k}_status"], r[f"{k}_why"])
            for what, k in (("A/A", "aa"), ("reference", "ref"))
            if r[f"{k}_status"] != "correct"
        ]

    def on_row(r):
        print(format_row(r), flush=True)
        for what, status, why in not_correct(r):
            print(f"    {what} {status}: {why}", flush=True)

    rows = selftest(problems, args.mode, cfg, progress=lambda m: print(m, file=sys.stderr, flush=True), on_row=on_row)
    print(f"noise floor and peaks saved to {save_noise_floor(args.suite, args.mode, rows, n, peaks)}")
    failed = 0
    for r in rows:
        bad = [f"{what} {status} ({why})" for what, status, why in not_correct(r)]
        if bad:
            failed += 1
            print(f"not measured: {r['problem']}: {', '.join(bad)}")
    return 1 if failed else 0
