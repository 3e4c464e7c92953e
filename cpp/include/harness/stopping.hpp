// The judge's adaptive stopping rule (Bench::measure, cpp/judge.cpp) and the interval it
// is decided on; bound to Python as harness._bench.median_interval and settled (cpp/bindings.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace harness {

// The adaptive stopping rule of Bench::measure (adaptive = true). At the end of every
// block of 4 pairs once min_pairs are done, timing stops early when the speedup is settled:
// (a) the 99.5 % interval of the median ratio is narrow, half-width <= 2 % of the median
// (about 1.3 % at the reported 95 %: enough to tell 1.0 from 1.1; 1 % kept an A/A with 2 %
// per-pair noise to ~39 of 40 pairs, 2 % stops it at ~20 with the same coverage,
// benchmarks/stopping_rule.py);
// or (b) it is clear of every threshold the reports use (1.0, 1.1 and 2.0: faster or not,
// "significantly faster", the 2x column). Deciding at 99.5 % rather than at the reported
// 95 % keeps the reported interval nearly honest under repeated looks: a true speedup that
// sits on a threshold (an A/A sits on 1.0) stops early under (b) only when the stricter
// interval misses it, at most 0.5 % per look (about 3.5 % over the 7 looks of 12..36
// pairs, by the union bound, on top of the last look's 5 %); (a) is decided at the strict
// level too, because stopping when an interval happens to be narrow selects intervals that
// cover less (a simulation at 95 % gave 5.5-6 % misses instead of 3.8 % at 40 pairs). No
// decision is taken below 9 pairs, where the 99.5 % interval is the sample range.
// Otherwise the fixed rule decides (budget_s of timed work, max_pairs).
constexpr double kSettledHalfWidth = 0.02;
constexpr double kSettledLevel = 0.995;
constexpr double kSettledThresholds[] = {1.0, 1.1, 2.0};

// The order-statistic interval of the median of x (sign-test inversion, as
// harness/measure/stats.py order_stat_ci): (x_(k), x_(n-k+1)) for the largest k with
// P(Binomial(n, 1/2) < k) <= (1 - level) / 2 (k >= 1). x is sorted in place.
inline std::pair<double, double> median_interval(std::vector<double>& x, double level) {
  std::sort(x.begin(), x.end());
  const size_t n = x.size();
  const double alpha = (1.0 - level) / 2.0;
  double pk = std::pow(0.5, double(n));  // P(B = 0)
  double cdf = 0.0;
  size_t k = 0;
  while (k < n && cdf + pk <= alpha) {
    cdf += pk;
    pk *= double(n - k) / double(k + 1);  // P(B = k + 1)
    ++k;
  }
  k = std::max<size_t>(k, 1);
  return {x[k - 1], x[n - k]};
}

// True when the per-pair ratios (baseline / candidate) settle the speedup (see above).
inline bool settled(const std::vector<double>& bs, const std::vector<double>& cs) {
  // Below 9 pairs the 99.5 % order-statistic interval is the whole sample range (no cut
  // point exists at that level): never settled there.
  if (bs.size() < 9 || bs.size() != cs.size()) return false;
  std::vector<double> r(bs.size());
  for (size_t i = 0; i < r.size(); ++i) r[i] = bs[i] / cs[i];
  const auto strict = median_interval(r, kSettledLevel);  // sorts r
  const size_t n = r.size();
  const double med = n % 2 ? r[n / 2] : 0.5 * (r[n / 2 - 1] + r[n / 2]);
  if (strict.second - strict.first <= 2.0 * kSettledHalfWidth * med) return true;
  for (double t : kSettledThresholds)
    if (strict.first <= t && t <= strict.second) return false;
  return true;
}

}  // namespace harness
