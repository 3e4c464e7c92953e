// WRONG (OpenMP): "#pragma omp parallel" without "for": every thread runs the whole
// loop, so elements are transformed more than once (and the threads race on them).
#include <cstddef>
#include <vector>
void oneMinusInverse(std::vector<double>& x) {
#pragma omp parallel
  for (size_t i = 0; i < x.size(); ++i) x[i] = 1.0 - 1.0 / x[i];
}
