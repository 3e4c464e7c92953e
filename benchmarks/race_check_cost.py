"""What the omp race check costs per candidate, and what became of its probe (prints figures).

Runs harness.measure.races.check on every problem's omp reference (the expert code: race
free, so every check should come back clean, or partial where the probe cannot reach the
timed size) at the timed size, as evaluate() does, and prints per problem the seconds
spent building (clang, preprocessing) and running it and the probe's outcome, then the
range and median of the total, a count per outcome, the CPU model and the load average.
The figures in docs/methodology/races.md come from this script.

usage: python benchmarks/race_check_cost.py [--suite pareval,polybench] [--quick] [--problems a,b]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections import Counter

from harness.measure import races, sandbox, toolchain, topology
from harness.measure.evaluate import EvalConfig
from harness.measure.suite import load_suite


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="pareval,polybench")
    ap.add_argument("--quick", action="store_true", help="the quick preset's timed sizes")
    ap.add_argument("--problems", default=None, help="comma-separated problem ids")
    args = ap.parse_args()
    cfg = EvalConfig(quick=args.quick)
    comp = toolchain.find_compiler()
    cpus = sorted(os.sched_getaffinity(0))
    sandboxed = sandbox.require_sandbox(False)
    totals, outcomes, unclean, partial = [], Counter(), [], []
    print(f"{'problem':44} {'size':>10} {'build s':>7} {'run s':>6}  probe")
    for suite in args.suite.split(","):
        for p in load_suite(suite).values():
            if args.problems and p.id not in args.problems.split(","):
                continue
            size = p.default_size("omp", args.quick)
            rc = races.check(
                p, p.reference("omp"), size, cpus, cfg.seed, comp, sandboxed, cfg.timeout_factor, cfg.timeout_min_s
            )
            totals.append(rc.compile_s + rc.run_s)
            outcomes[rc.probe.split(" (")[0].split(":")[0] or "-"] += 1
            if rc.status == "partial":
                partial.append(f"{p.id}: reached size {rc.reached} of {size}: {rc.why}")
            elif rc.status != "clean":
                unclean.append(f"{p.id}: {rc.status} {rc.why}")
            print(
                f"{suite + '/' + p.id:44.44} {size:>10} {rc.compile_s:>7.2f} {rc.run_s:>6.2f}  {rc.probe or rc.status}",
                flush=True,
            )
    if not totals:
        print("no problem matched", file=sys.stderr)
        return 2
    print(
        f"\n{len(totals)} checks: total {min(totals):.2f}-{max(totals):.2f} s, "
        f"median {statistics.median(totals):.2f} s; load average {os.getloadavg()[0]:.2f}; "
        f"{topology.machine_topology().cpu_model}"
    )
    print("probe: " + ", ".join(f"{k} {v}" for k, v in outcomes.most_common()))
    for line in partial:
        print("PARTIAL " + line)
    for line in unclean:
        print("NOT CLEAN " + line)
    return 1 if unclean else 0


if __name__ == "__main__":
    sys.exit(main())
