// WRONG (off by one): the inner loop stops at n-1, so pairs with the last element are
// never compared (and two elements give DBL_MAX instead of their distance).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
double distance(double x1, double x2) { return std::abs(x1 - x2); }
double closestPair(std::vector<double> const& x) {
  if (x.size() < 2) return 0;
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i + 1 < x.size(); ++i)
    for (size_t j = i + 1; j + 1 < x.size(); ++j) best = std::min(best, distance(x[i], x[j]));
  return best;
}
