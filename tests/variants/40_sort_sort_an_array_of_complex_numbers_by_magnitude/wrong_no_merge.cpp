// WRONG (missing merge step): each OpenMP thread sorts its own contiguous chunk, but the
// sorted chunks are never merged. Correct only when one thread runs.
#include <omp.h>
#include <algorithm>
#include <complex>
#include <vector>
void sortComplexByMagnitude(std::vector<std::complex<double>>& x) {
  const size_t n = x.size();
#pragma omp parallel
  {
    const size_t t = omp_get_thread_num(), nt = omp_get_num_threads();
    std::sort(x.begin() + n * t / nt, x.begin() + n * (t + 1) / nt,
              [](std::complex<double> const& a, std::complex<double> const& b) {
                return std::norm(a) < std::norm(b);
              });
  }
}
