// WRONG (tie handling): uses <= so that among equally close values the last index wins;
// right only when the closest value occurs once.
#include <cmath>
#include <vector>
size_t findClosestToPi(std::vector<double> const& x) {
  size_t best = 0;
  double bestDistance = 1e300;
  for (size_t i = 0; i < x.size(); ++i) {
    double d = std::fabs(x[i] - M_PI);
    if (d <= bestDistance) { bestDistance = d; best = i; }
  }
  return best;
}
