// WRONG (OpenMP work split): each thread takes n / nthreads elements, so the n % nthreads
// elements at the end are never written when n is not a multiple of the thread count.
// Correct with one thread.
#include <omp.h>
#include <vector>
void axpy(double alpha, std::vector<double> const& x, std::vector<double> const& y, std::vector<double>& z) {
  const size_t n = x.size();
#pragma omp parallel
  {
    const size_t nt = size_t(omp_get_num_threads()), t = size_t(omp_get_thread_num());
    const size_t chunk = n / nt;
    for (size_t i = t * chunk; i < (t + 1) * chunk; ++i) z[i] = alpha * x[i] + y[i];
  }
}
