#include <cstddef>
#include <vector>

// Serial reference. The sum of the prefix sums is sum_i (n - i) * x[i]: x[i] appears in
// the prefix sums i, i+1, ..., n-1. That is one read-only pass with no temporary array
// (the baseline allocates, page-faults and writes an n-element array, then reads it
// back) and no dependent chain: W independent lanes, each with its own weight, which
// the compiler turns into vector multiply-adds. The weights are exact integers.
double sumOfPrefixSum(std::vector<double> const& x) {
  constexpr size_t W = 16;
  const size_t n = x.size();
  const double* p = x.data();
  double acc[W], w[W];
  for (size_t l = 0; l < W; ++l) {
    acc[l] = 0.0;
    w[l] = double(n) - double(l);
  }
  size_t i = 0;
  for (; i + W <= n; i += W) {
    for (size_t l = 0; l < W; ++l) acc[l] += w[l] * p[i + l];
    for (size_t l = 0; l < W; ++l) w[l] -= double(W);
  }
  double total = 0.0;
  for (size_t l = 0; l < W; ++l) total += acc[l];
  for (; i < n; ++i) total += double(n - i) * p[i];
  return total;
}
