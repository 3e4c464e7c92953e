"""Code placement: how far an A/A moves when only the layout of the candidate's code changes.

For each problem, the candidate is the baseline's own source with k = 0..K small unused
functions placed before it (`harness_pad_i`, a few instructions each): the same
computation, compiled to the same loop, at another address. Each is evaluated as an A/A
(verdict cache off, default seed). A speedup whose 95 % interval excludes 1.0 here is a
placement effect the interval does not cover (Mytkowicz, Diwan, Hauswirth and Sweeney,
"Producing wrong data without doing anything obviously wrong!", ASPLOS 2009); the judge
times every pair on a fresh code layout of both sides so that it does (README, "What a
speedup means"), and about 5 % of the intervals excluding 1.0 is what chance gives. Printed
per problem: the A/A and its interval for every k; last line:
`code placement: N A/As, M intervals exclude 1.0, median |A/A - 1| X %, max Y % (problem, k)`.

usage: python benchmarks/code_placement.py [--suite pareval] [--mode serial] [--quick]
       [--problems a,b,c] [--pads 5]
Run it on a quiet machine: load adds noise of its own.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys

from harness.core.errors import HarnessError
from harness.measure.evaluate import EvalConfig, evaluate
from harness.measure.suite import select_problems

DEFAULT = (
    "33_scan_reverse_prefix_sum,30_scan_prefix_sum,02_dense_la_gemm,34_scan_largest_contiguous_subarray_sum,"
    "26_reduce_product_of_inverses,59_transform_map_function"
)
INCLUDE = re.compile(r"^\s*#\s*include.*$", re.M)


def padded(source: str, k: int) -> str:
    """``source`` with k unused functions between its #include lines and its code."""
    includes = "\n".join(INCLUDE.findall(source))
    pads = "\n".join(
        f"int harness_pad_{i}(int v) {{ for (int j = 0; j < {3 * i}; ++j) v = v * 7 + j; return v; }}"
        for i in range(1, k + 1)
    )
    return f"{includes}\n{pads}\n{INCLUDE.sub('', source)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="pareval")
    ap.add_argument("--mode", default="serial")
    ap.add_argument("--quick", action="store_true", help="the problems' quick sizes")
    ap.add_argument("--problems", default=None, help=f"comma-separated ids (default: {DEFAULT}; PolyBench: all)")
    ap.add_argument("--pads", type=int, default=5, help="k = 0..PADS unused functions")
    args = ap.parse_args(argv)
    ids = args.problems or (DEFAULT if args.suite == "pareval" else None)
    try:
        problems = select_problems(args.suite, ids)
    except HarnessError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    results = []
    for p in problems:
        cells = []
        for k in range(args.pads + 1):
            r = evaluate(
                p, padded(p.source("baseline.cpp"), k), args.mode, EvalConfig(quick=args.quick, use_cache=False)
            )
            if r.correct:
                results.append((p.id, k, r.speedup, r.ci_low, r.ci_high))
                cells.append(f"k{k} {r.speedup:.3f} ({r.ci_low:.3f}-{r.ci_high:.3f})")
            else:
                cells.append(f"k{k} {r.status}")
        print(f"{p.id:48} " + "  ".join(cells), flush=True)
    if not results:
        print("code placement: no correct A/A")
        return 1
    devs = [abs(s - 1) * 100 for _, _, s, _, _ in results]
    worst = max(results, key=lambda t: abs(t[2] - 1))
    missed = sum(not lo <= 1.0 <= hi for _, _, _, lo, hi in results)
    print(
        f"code placement: {len(results)} A/As, {missed} intervals exclude 1.0, median |A/A - 1| "
        f"{statistics.median(devs):.2f} %, max {max(devs):.2f} % ({worst[0]}, k = {worst[1]})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
