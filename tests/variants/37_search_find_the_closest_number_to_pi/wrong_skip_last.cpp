// WRONG (off by one): the loop stops one element early and never looks at x[n-1].
#include <cmath>
#include <vector>
size_t findClosestToPi(std::vector<double> const& x) {
  size_t best = 0;
  double bestDistance = 1e300;
  for (size_t i = 0; i + 1 < x.size(); ++i) {
    double d = std::fabs(x[i] - M_PI);
    if (d < bestDistance) { bestDistance = d; best = i; }
  }
  return best;
}
