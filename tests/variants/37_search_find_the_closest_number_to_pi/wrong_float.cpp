// WRONG (precision): computes the distances in float, which cannot tell apart values
// closer than about 2e-7; right only when the closest value is well separated.
#include <cmath>
#include <vector>
size_t findClosestToPi(std::vector<double> const& x) {
  size_t best = 0;
  float bestDistance = 1e30f;
  const float pi = float(M_PI);
  for (size_t i = 0; i < x.size(); ++i) {
    float d = std::fabs(float(x[i]) - pi);
    if (d < bestDistance) { bestDistance = d; best = i; }
  }
  return best;
}
