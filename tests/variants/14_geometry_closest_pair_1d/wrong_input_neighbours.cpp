// WRONG (only on some inputs): compares each element only with the next 16 elements in
// input order (a "local window" shortcut). Right when the closest pair happens to be close
// together in the input, wrong otherwise.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
double distance(double x1, double x2) { return std::abs(x1 - x2); }
double closestPair(std::vector<double> const& x) {
  if (x.size() < 2) return 0;
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i + 1 < x.size(); ++i)
    for (size_t j = i + 1; j < x.size() && j <= i + 16; ++j)
      best = std::min(best, distance(x[i], x[j]));
  return best;
}
