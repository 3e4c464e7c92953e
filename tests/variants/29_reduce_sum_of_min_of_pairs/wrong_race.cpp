// WRONG (missing reduction): the threads add into one shared sum without a reduction
// clause, so additions are lost.
#include <algorithm>
#include <vector>
double sumOfMinimumElements(std::vector<double> const& x, std::vector<double> const& y) {
  double s = 0;
  const long n = long(x.size());
#pragma omp parallel for
  for (long i = 0; i < n; ++i) s += std::min(x[i], y[i]);
  return s;
}
