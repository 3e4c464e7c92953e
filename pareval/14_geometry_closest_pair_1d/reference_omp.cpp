#include <omp.h>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

double distance(double x1, double x2) {
  return std::abs(x1 - x2);
}

// OpenMP reference: the serial reference (sort, then the smallest adjacent difference)
// with the sort parallelised: every thread sorts one contiguous block, then blocks are
// merged pairwise (log2 T rounds, the merges of a round in parallel). The adjacent
// differences are a min-reduction. Correct for any thread count.
double closestPair(std::vector<double> const& x) {
  const size_t n = x.size();
  if (n < 2) return 0;
  std::vector<double> s(x), tmp(n);
  const int nt = n >= 4096 ? omp_get_max_threads() : 1;
  std::vector<size_t> bound(size_t(nt) + 1);
  for (int t = 0; t <= nt; ++t) bound[size_t(t)] = n * size_t(t) / size_t(nt);
#pragma omp parallel for schedule(static, 1) num_threads(nt)
  for (int t = 0; t < nt; ++t) std::sort(s.begin() + long(bound[t]), s.begin() + long(bound[t + 1]));
  for (int width = 1; width < nt; width *= 2) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
    for (int t = 0; t < nt; t += 2 * width) {
      const size_t lo = bound[size_t(t)];
      const size_t mid = bound[size_t(std::min(t + width, nt))];
      const size_t hi = bound[size_t(std::min(t + 2 * width, nt))];
      std::merge(s.begin() + long(lo), s.begin() + long(mid), s.begin() + long(mid),
                 s.begin() + long(hi), tmp.begin() + long(lo));
      std::copy(tmp.begin() + long(lo), tmp.begin() + long(hi), s.begin() + long(lo));
    }
  }
  double best = s[1] - s[0];
  const long m = long(n);
#pragma omp parallel for schedule(static) reduction(min : best) num_threads(nt)
  for (long i = 2; i < m; ++i) best = std::min(best, s[size_t(i)] - s[size_t(i) - 1]);
  return best;
}
