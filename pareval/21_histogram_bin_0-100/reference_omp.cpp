#include <omp.h>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference: the serial reference's threshold counts (c[k] = #{x >= 10k}, counted
// with vectorized compares over L1-sized blocks), with the blocks shared between threads
// and an array reduction; bins[k] = c[k] - c[k+1]. Correct for any number of threads.
void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
  constexpr size_t B = 2048;
  const size_t n = x.size();
  const double* p = x.data();
  const long blocks = long((n + B - 1) / B);
  uint64_t c[11] = {};
#pragma omp parallel for schedule(static) reduction(+ : c[:11]) if (blocks > 32)
  for (long b = 0; b < blocks; ++b) {
    const size_t lo = size_t(b) * B, hi = lo + B < n ? lo + B : n;
    for (int k = 1; k <= 9; ++k) {
      const double t = 10.0 * k;
      uint64_t s = 0;
      for (size_t i = lo; i < hi; ++i) s += p[i] >= t;
      c[k] += s;
    }
  }
  c[0] = n;
  c[10] = 0;
  for (int k = 0; k < 10; ++k) bins[k] += c[k] - c[k + 1];
}
