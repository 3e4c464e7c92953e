// WRONG (missing reduction): the threads add into one shared sum without a reduction
// clause, so additions are lost.
#include <vector>
double average(std::vector<double> const& x) {
  double s = 0;
  const long n = long(x.size());
#pragma omp parallel for
  for (long i = 0; i < n; ++i) s += x[i];
  return s / double(n);
}
