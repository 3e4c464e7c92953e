"""Suite health per category: A/A honesty and reference headroom (prints figures).

Runs the selftest (A/A and expert reference per problem) in the given modes and prints,
per category: the median A/A speedup, the worst |A/A - 1| with that problem's MdAPE,
and the median reference speedup per mode and bound. Targets: median |A/A - 1| <= 2 %;
every problem within max(3 %, 2 x MdAPE); reference >= 1.2x serial and >= 1.5x omp for
compute-bound problems, >= 1 within noise for memory-bound ones (exceptions listed).

usage: python benchmarks/suite_health.py [--suite pareval] [--modes serial,omp] [--quick]
Run it on a quiet machine: it measures the machine as much as the suite.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict

from harness.measure.evaluate import EvalConfig
from harness.measure.selftest import selftest
from harness.measure.suite import load_suite

FLOOR = {("compute", "serial"): 1.2, ("compute", "omp"): 1.5}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="pareval")
    ap.add_argument("--modes", default="serial,omp")
    ap.add_argument("--problems", default=None)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    probs = list(load_suite(args.suite).values())
    if args.problems:
        keep = set(args.problems.split(","))
        probs = [p for p in probs if p.id in keep]
    for mode in args.modes.split(","):
        rows = selftest(probs, mode, EvalConfig(quick=args.quick), progress=lambda m: print(m, file=sys.stderr))
        print(f"\n== {args.suite}, {mode} mode ==")
        print(f"{'problem':44} {'bound':7} {'A/A':>6} {'MdAPE%':>6} {'reference':>9} {'ref 95% CI':>13}")
        for r in rows:
            aa = f"{r['aa_speedup']:.3f}" if "aa_speedup" in r else r["aa_status"]
            ref = f"{r['ref_speedup']:.2f}x" if "ref_speedup" in r else r["ref_status"]
            ci = f"{r['ref_ci_low']:.2f}-{r['ref_ci_high']:.2f}" if "ref_ci_low" in r else "-"
            print(
                f"{r['problem'][:44]:44} {r['bound']:7} {aa:>6} {r.get('aa_mdape', float('nan')):>6.1f} "
                f"{ref:>9} {ci:>13}"
            )
        print()
        by_cat = defaultdict(list)
        for r in rows:
            by_cat[r["category"]].append(r)
        print(
            f"{'category':12} {'n':>2} {'median A/A':>10} {'worst |A/A-1|%':>15} {'its MdAPE%':>10} "
            f"{'median ref (compute)':>21} {'median ref (memory)':>20}"
        )
        devs, misses, exceptions = [], [], []
        for cat, rs in sorted(by_cat.items()):
            ok = [r for r in rs if "aa_speedup" in r]
            worst = max(ok, key=lambda r: abs(r["aa_speedup"] - 1), default=None)
            refs = {
                b: [r["ref_speedup"] for r in rs if r["bound"] == b and "ref_speedup" in r]
                for b in ("compute", "memory")
            }
            print(
                f"{cat:12} {len(rs):>2} "
                f"{statistics.median(r['aa_speedup'] for r in ok) if ok else float('nan'):>10.3f} "
                f"{abs(worst['aa_speedup'] - 1) * 100 if worst else float('nan'):>15.2f} "
                f"{worst['aa_mdape'] if worst else float('nan'):>10.1f} "
                + "".join(f"{statistics.median(v):>21.2f}" if v else f"{'-':>21}" for v in refs.values())
            )
            for r in rs:
                if "aa_speedup" not in r:
                    misses.append(f"{r['problem']}: A/A {r['aa_status']}")
                    continue
                d = abs(r["aa_speedup"] - 1) * 100
                devs.append(d)
                if d > max(3.0, 2 * r["aa_mdape"]):
                    misses.append(f"{r['problem']}: |A/A-1| = {d:.1f}% > max(3%, 2 x MdAPE {r['aa_mdape']:.1f}%)")
                floor = FLOOR.get((r["bound"], mode), 1.0)
                ref = r.get("ref_speedup")
                if ref is None or (ref < floor and not (r["bound"] == "memory" and r.get("ref_ci_high", 0) >= 1.0)):
                    exceptions.append(
                        f"{r['problem']} ({r['bound']}): reference {'-' if ref is None else f'{ref:.2f}x'} < {floor}x"
                    )
        if devs:
            print(f"median |A/A - 1| = {statistics.median(devs):.2f} % (target <= 2 %)")
        print("A/A outside max(3 %, 2 x MdAPE): " + ("; ".join(misses) if misses else "none"))
        print("reference floor exceptions: " + ("; ".join(exceptions) if exceptions else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
