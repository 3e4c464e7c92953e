#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference: the serial reference's word-level XOR fold (libstdc++'s vector<bool>
// keeps 64 elements per unsigned long, begin()._M_p is word 0) with the full words
// shared between threads and an XOR reduction; the partial last word is masked and
// folded once. Correct for any number of threads.
bool reduceLogicalXOR(std::vector<bool> const& x) {
  const size_t n = x.size();
  if (n == 0) return false;
  static_assert(sizeof(*x.begin()._M_p) == 8, "64-bit vector<bool> words expected");
  const unsigned long* w = x.begin()._M_p;
  const long full = long(n / 64);
  uint64_t acc = 0;
#pragma omp parallel for simd schedule(static) reduction(^ : acc) if (full > 65536)
  for (long i = 0; i < full; ++i) acc ^= w[i];
  if (n % 64) acc ^= w[full] & ((uint64_t(1) << (n % 64)) - 1);
  return __builtin_parityll(acc);
}
