#include <omp.h>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference: the serial reference's branch-free threshold counts
// c_k = #{frac >= k/4}, with the values shared statically between threads and a sum
// reduction; bins = [n - c1, c1 - c2, c2 - c3, c3]. Correct for any number of threads.
void countQuartiles(std::vector<double> const& x, std::array<size_t, 4>& bins) {
  const long n = long(x.size());
  const double* p = x.data();
  uint64_t c1 = 0, c2 = 0, c3 = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : c1, c2, c3) if (n > 100000)
  for (long i = 0; i < n; ++i) {
    const double f = p[i] - double(int(p[i]));
    c1 += f >= 0.25;
    c2 += f >= 0.5;
    c3 += f >= 0.75;
  }
  bins[0] += uint64_t(n) - c1;
  bins[1] += c1 - c2;
  bins[2] += c2 - c3;
  bins[3] += c3;
}
