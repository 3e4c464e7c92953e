#include <algorithm>
#include <cstddef>
#include <vector>

/* Return the sum of the minimum value at each index of vectors x and y (both have the
   same length): min(x[0], y[0]) + min(x[1], y[1]) + ...   (empty vectors give 0).
   Example:
   input: x=[3, 4, 0, 2, 3], y=[2, 5, 3, 1, 7]
   output: 10
*/
double sumOfMinimumElements(std::vector<double> const& x, std::vector<double> const& y) {
  double sum = 0.0;
  for (size_t i = 0; i < x.size(); ++i) {
    sum += std::min(x[i], y[i]);
  }
  return sum;
}
