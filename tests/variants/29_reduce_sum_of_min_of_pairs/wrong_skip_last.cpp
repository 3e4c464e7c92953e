// WRONG (off by one): the loop stops one element early, so the last pair is ignored.
#include <algorithm>
#include <cstddef>
#include <vector>
double sumOfMinimumElements(std::vector<double> const& x, std::vector<double> const& y) {
  double s = 0;
  for (size_t i = 0; i + 1 < x.size(); ++i) s += std::min(x[i], y[i]);
  return s;
}
