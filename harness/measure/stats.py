"""Statistics of paired timing samples (nanobench's summary plus a paired speedup CI).

* median and MdAPE (median absolute percentage error: median of |x_i - median| / median,
  in percent), as nanobench reports them (M. Ankerl, nanobench docs, "Statistics").
* speedup = the median of the per-pair ratios baseline_i / candidate_i, with the
  distribution-free order-statistic confidence interval of that median (sign-test
  inversion; coverage >= the nominal level for any continuous distribution). Each pair
  shares one seed and runs back to back, so slow drifts of the machine and inputs that
  cost more on some seeds cancel in the ratio. The maintainers' design notes state
  median(baseline) / median(candidate); that estimate is reported too
  (``ratio_of_medians``), but it can fall outside the paired interval when the work
  varies with the seed (graph density, say), so the paired median is the speedup.
"""

from __future__ import annotations

from math import comb

import numpy as np


def mdape(x) -> float:
    """Median absolute percentage error of samples ``x`` around their median (percent)."""
    x = np.asarray(x, dtype=float)
    if x.size == 0:
        return float("nan")
    med = np.median(x)
    return float(np.median(np.abs(x - med)) / med * 100.0) if med else float("nan")


def order_stat_ci(x, level: float = 0.95) -> tuple[float, float]:
    """Distribution-free CI for the median of ``x``: (x_(k), x_(n-k+1)) with the largest k
    such that P(Binomial(n, 1/2) < k) <= (1 - level) / 2. With n < 6 at 95 % no such k
    exists and the interval is the full sample range (coverage below nominal)."""
    x = np.sort(np.asarray(x, dtype=float))
    n = x.size
    if n == 0:
        return float("nan"), float("nan")
    alpha = (1.0 - level) / 2.0
    k, cdf = 0, 0.0
    while k < n:
        nxt = cdf + comb(n, k) / 2.0**n  # P(B <= k)
        if nxt > alpha:
            break
        cdf = nxt
        k += 1
    k = max(k, 1)  # k = number of order statistics cut from each end, plus one
    return float(x[k - 1]), float(x[n - k])


def summarize(baseline_ns, candidate_ns, level: float = 0.95) -> dict:
    """Summary of paired per-call times (ns, one entry per pair and side).

    Returns speedup (median of paired ratios), ci_low, ci_high (its CI), ratio_of_medians,
    baseline/candidate median (ns) and MdAPE (%), and the number of pairs.
    """
    b = np.asarray(baseline_ns, dtype=float)
    c = np.asarray(candidate_ns, dtype=float)
    if b.size == 0 or c.size == 0:
        raise ValueError("no timing samples")
    lo, hi = order_stat_ci(b / c, level)
    return {
        "speedup": float(np.median(b / c)),
        "ratio_of_medians": float(np.median(b) / np.median(c)),
        "ci_low": lo,
        "ci_high": hi,
        "ci_level": level,
        "baseline_median_ns": float(np.median(b)),
        "candidate_median_ns": float(np.median(c)),
        "baseline_mdape": mdape(b),
        "candidate_mdape": mdape(c),
        "pairs": int(b.size),
    }
