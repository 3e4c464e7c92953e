"""A parallel candidate's speedup between evaluations against the length of the timed
windows (prints figures; not a test).

For each problem, the expert reference (omp mode by default, quick sizes) is evaluated
--runs times at each window length of --windows (ms; 0 is the judge's own calibration,
which at quick sizes gives windows of a few calls and a few milliseconds; otherwise the
EvalConfig min_measure_ns), the lengths interleaved run by run, the verdict cache off.
Printed per problem and length: the speedups, their spread (largest / smallest - 1), the
median half-width of their 95 % intervals and the calls per window. The question it
answers: does one evaluation's interval hold the next evaluation's speedup? When the
spread between evaluations is many times the half-width, it does not (measured on
2026-12-06, 00_dense_la_lu_decomp's omp reference: 1.31-1.74 with the default windows,
each interval about +-1 %; 1.69-1.72 with 20 ms windows, and 1.43-1.46 with 20 ms
windows ten minutes later: the level moves with what the host gives the guest's second
vCPU, which only the parallel side uses).

Last line:

  window_length: spread at the default windows A %, at the longest B %, ratio A/B

("the default windows" is the first of --windows when it is 0.)

usage: python benchmarks/window_length.py [--problems 00_dense_la_lu_decomp,03_dense_la_axpy]
       [--mode omp] [--runs 4] [--windows 0,5,20]
Run it alone on the machine: it measures the machine as much as the harness.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from harness.core.errors import HarnessError
from harness.measure.evaluate import EvalConfig, evaluate
from harness.measure.suite import get_problem


def spread(xs: list[float]) -> float:
    """max / min - 1 of positive values (0 for fewer than two)."""
    return max(xs) / min(xs) - 1 if len(xs) > 1 else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--problems", default="00_dense_la_lu_decomp,03_dense_la_axpy")
    ap.add_argument("--mode", default="omp")
    ap.add_argument("--runs", type=int, default=4)
    ap.add_argument("--windows", default="0,5,20", help="window lengths in ms, comma-separated (0: the judge's own)")
    args = ap.parse_args(argv)
    try:
        windows = [float(w) for w in args.windows.split(",")]
        problems = [get_problem(pid) for pid in args.problems.split(",")]
    except (ValueError, HarnessError) as e:
        print(f"window_length: {e}", file=sys.stderr)
        return 2
    if args.runs < 2 or not windows or min(windows) < 0:
        print("window_length: at least 2 runs and window lengths >= 0", file=sys.stderr)
        return 2
    print(f"{args.mode}, quick sizes, {args.runs} evaluations of each problem's reference per window length")
    spreads: dict[float, list[float]] = {w: [] for w in windows}
    for p in problems:
        got: dict[float, list] = {w: [] for w in windows}
        ref = p.reference(args.mode)
        for run in range(args.runs):
            for w in windows if run % 2 == 0 else windows[::-1]:
                cfg = EvalConfig(quick=True, use_cache=False, min_measure_ns=w * 1e6)
                r = evaluate(p, f"// window_length {time.time_ns()}\n{ref}", args.mode, cfg)
                if r.status != "correct" or not r.speedup:
                    print(f"  {p.id} {w:g} ms: {r.status}")
                    continue
                half = (r.ci_high - r.ci_low) / 2 / r.speedup if r.ci_high and r.ci_low else float("nan")
                got[w].append((r.speedup, half, r.evidence.get("candidate_iters")))
        for w in windows:
            xs = [s for s, _, _ in got[w]]
            if len(xs) < 2:
                continue
            spreads[w].append(spread(xs))
            print(
                f"{p.id:40s} {('default' if w == 0 else f'{w:g} ms'):>8s}  speedups "
                f"{', '.join(f'{x:.3f}' for x in xs)}  spread {100 * spread(xs):.1f} %  median half-width "
                f"{100 * statistics.median(h for _, h, _ in got[w]):.1f} %  calls/window "
                f"{sorted({k for _, _, k in got[w]})}"
            )
    first, last = windows[0], max(windows)
    a = 100 * statistics.median(spreads[first]) if spreads[first] else float("nan")
    b = 100 * statistics.median(spreads[last]) if spreads[last] else float("nan")
    where = "the default windows" if first == 0 else f"{first:g} ms"
    ratio = a / b if b > 0 else float("nan")
    print(f"window_length: spread at {where} {a:.1f} %, at the longest {b:.1f} %, ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
