// WRONG (OpenMP work split): each thread takes n / nthreads elements, so the last
// n % nthreads elements are never processed.
#include <omp.h>
#include <cstddef>
#include <vector>
void relu(std::vector<double>& x) {
#pragma omp parallel
  {
    const size_t nt = size_t(omp_get_num_threads()), t = size_t(omp_get_thread_num());
    const size_t chunk = x.size() / nt;
    for (size_t i = t * chunk; i < (t + 1) * chunk; ++i)
      if (x[i] < 0) x[i] = 0;
  }
}
