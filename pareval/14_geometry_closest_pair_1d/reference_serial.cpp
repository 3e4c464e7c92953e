#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

double distance(double x1, double x2) {
  return std::abs(x1 - x2);
}

// Serial reference: sort a copy, O(n log n); the closest pair is adjacent in sorted
// order. Rounding of a difference is monotone, so the minimum over adjacent rounded
// differences equals the minimum over all rounded differences: the result is exact.
double closestPair(std::vector<double> const& x) {
  const size_t n = x.size();
  if (n < 2) return 0;
  std::vector<double> s(x);
  std::sort(s.begin(), s.end());
  double best = s[1] - s[0];
  for (size_t i = 2; i < n; ++i) best = std::min(best, s[i] - s[i - 1]);
  return best;
}
