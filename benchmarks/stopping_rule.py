"""The adaptive stopping rule (cpp/include/harness/stopping.hpp settled()) simulated: pairs spent and the
coverage of the reported 95 % interval, for several half-width limits side by side.

Per-pair ratios are drawn as true x exp(e), e normal with sd sigma or (heavy tails)
Student t with 3 degrees of freedom scaled to the same interquartile range; the rule looks
after 12, 16, ..., 36 pairs (whole blocks of 4 once min_pairs = 10 are done) and stops when
the 99.5 % order-statistic interval of the median ratio has a half-width <= h x the median
or is clear of 1.0, 1.1 and 2.0; otherwise at 40 pairs (the fixed rule's max_pairs at
quick sizes, where the timed-work budget is never reached). The reported interval is the
95 % one of harness/measure/stats.py order_stat_ci on the pairs taken. No machine is
measured: it prices a half-width limit before benchmarks/score_rate.py measures it.

usage: python benchmarks/stopping_rule.py [--trials 4000] [--limits 0.01,0.02,0.03]
"""

from __future__ import annotations

import argparse

import numpy as np

from harness.measure.stats import order_stat_ci

LOOKS = range(12, 40, 4)
MAX_PAIRS = 40
THRESHOLDS = (1.0, 1.1, 2.0)


def simulate(rng, sigma: float, true: float, limit: float, heavy: bool, trials: int) -> tuple[float, float]:
    """(mean pairs, coverage of the reported 95 % interval) over `trials` evaluations."""
    pairs, covered = 0, 0
    for _ in range(trials):
        # t(3)'s interquartile range is 1.53 standard normal IQRs: scaled to the same IQR
        e = rng.standard_t(3, MAX_PAIRS) * sigma / 1.53 if heavy else rng.normal(0.0, sigma, MAX_PAIRS)
        r = true * np.exp(e)
        n = MAX_PAIRS
        for m in LOOKS:
            lo, hi = order_stat_ci(r[:m], 0.995)
            if hi - lo <= 2 * limit * np.median(r[:m]) or not any(lo <= t <= hi for t in THRESHOLDS):
                n = m
                break
        lo, hi = order_stat_ci(r[:n], 0.95)
        covered += lo <= true <= hi
        pairs += n
    return pairs / trials, covered / trials


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=4000)
    ap.add_argument("--limits", default="0.01,0.02,0.03", help="half-width limits to compare")
    args = ap.parse_args()
    limits = [float(x) for x in args.limits.split(",")]
    rng = np.random.default_rng(20240521)
    print(f"{'noise':>12} {'sd':>5} {'true':>5} | " + " | ".join(f"h={h:.2f}: pairs  cov" for h in limits))
    for heavy in (False, True):
        for sigma in (0.005, 0.01, 0.02, 0.04):
            for true in (1.0, 1.05):
                cells = [simulate(rng, sigma, true, h, heavy, args.trials) for h in limits]
                print(
                    f"{'t(3)' if heavy else 'normal':>12} {sigma:5.3f} {true:5.2f} | "
                    + " | ".join(f"{p:13.1f} {c:5.3f}" for p, c in cells),
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
