#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

// Serial reference. |x - pi| is non-negative, so its IEEE bit pattern orders like the
// value itself: an unsigned-integer minimum over the bits gives the minimum distance
// without the floating-point min semantics that keep the compiler from vectorizing.
// The array is scanned in L1-sized blocks: a vectorized minimum per block, and only a
// block that improves on the best so far is rescanned (from L1) for its first index
// attaining that minimum, so ties keep the smallest index.
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
  for (size_t lo = 0; lo < n; lo += kBlock) {
    const size_t hi = lo + kBlock < n ? lo + kBlock : n;
    uint64_t m = UINT64_MAX;
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t b = distance_bits(p[i]);
      m = b < m ? b : m;
    }
    if (m < bestBits) {
      size_t i = lo;
      while (distance_bits(p[i]) != m) ++i;
      best = i;
      bestBits = m;
    }
  }
  return best;
}
