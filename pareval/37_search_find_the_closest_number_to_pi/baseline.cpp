#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

/* Return the index of the value in the vector x that is closest to the math constant PI.
   Use M_PI for the value of PI. If several values are equally close, return the
   smallest such index.
   Example: input [9.18, 3.05, 7.24, 11.3, -166.49, 2.1] -> output 1
*/
size_t findClosestToPi(std::vector<double> const& x) {
  size_t best = 0;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < x.size(); ++i) {
    double distance = std::abs(x[i] - M_PI);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}
