#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

double distance(double x1, double x2) {
  return std::abs(x1 - x2);
}

/* Return the smallest distance |x[i] - x[j]| between two elements of the vector x
   (i != j). Fewer than two elements: return 0.
   Example: input [7, 3, 9, 12, 31, 1] -> output 2 (between 7 and 9, or 3 and 1)
*/
double closestPair(std::vector<double> const& x) {
  if (x.size() < 2) return 0;
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i + 1 < x.size(); ++i)
    for (size_t j = i + 1; j < x.size(); ++j)
      best = std::min(best, distance(x[i], x[j]));
  return best;
}
