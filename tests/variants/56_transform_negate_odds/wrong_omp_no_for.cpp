// WRONG (OpenMP): "#pragma omp parallel" without "for": every thread runs the whole
// loop, so elements are transformed several times (and the threads race on them).
#include <cstddef>
#include <vector>
void negateOddsAndHalveEvens(std::vector<int>& x) {
#pragma omp parallel
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] % 2 != 0) x[i] = -x[i];
    else x[i] /= 2;
  }
}
