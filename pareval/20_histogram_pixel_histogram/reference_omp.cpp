#include <omp.h>
#include <array>
#include <cstddef>
#include <vector>

// OpenMP reference: each thread counts a contiguous range of the image into four private
// sets of counters (as in the serial reference), then adds its totals to bins under a
// critical section (256 additions per thread). Correct for any number of threads.
void pixelCounts(std::vector<int> const& image, std::array<size_t, 256>& bins) {
  const size_t n = image.size();
  const int* p = image.data();
#pragma omp parallel if (n > 100000)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    size_t c[4][256] = {};
    size_t i = lo;
    for (; i + 4 <= hi; i += 4) {
      ++c[0][p[i]];
      ++c[1][p[i + 1]];
      ++c[2][p[i + 2]];
      ++c[3][p[i + 3]];
    }
    for (; i < hi; ++i) ++c[0][p[i]];
#pragma omp critical
    for (int k = 0; k < 256; ++k) bins[k] += c[0][k] + c[1][k] + c[2][k] + c[3][k];
  }
}
