#include <omp.h>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

// OpenMP reference. Each thread scans one contiguous range with the serial reference's
// method (vectorized unsigned minimum over the bit patterns of |x - pi| per L1-sized
// block, rescanning only improving blocks); the per-thread (distance, index) pairs are
// then combined lexicographically, so ties keep the smallest index for any thread count.
static inline uint64_t distance_bits(double v) {
  const double d = v - M_PI;
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b & 0x7fffffffffffffffULL;
}

size_t findClosestToPi(std::vector<double> const& x) {
  const size_t n = x.size();
  const double* p = x.data();
  const size_t kBlock = 2048;
  size_t best = 0;
  uint64_t bestBits = UINT64_MAX;
#pragma omp parallel if (n > 65536)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t begin = n * t / nt, end = n * (t + 1) / nt;
    size_t myBest = begin;
    uint64_t myBits = UINT64_MAX;
    for (size_t lo = begin; lo < end; lo += kBlock) {
      const size_t hi = lo + kBlock < end ? lo + kBlock : end;
      uint64_t m = UINT64_MAX;
      for (size_t i = lo; i < hi; ++i) {
        const uint64_t b = distance_bits(p[i]);
        m = b < m ? b : m;
      }
      if (m < myBits) {
        size_t i = lo;
        while (distance_bits(p[i]) != m) ++i;
        myBest = i;
        myBits = m;
      }
    }
#pragma omp critical
    if (myBits < bestBits || (myBits == bestBits && myBest < best)) {
      bestBits = myBits;
      best = myBest;
    }
  }
  return best;
}
