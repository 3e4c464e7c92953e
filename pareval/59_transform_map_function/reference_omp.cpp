#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

bool isPowerOfTwo(int x) {
  return (x > 0) && !(x & (x - 1));
}

// OpenMP reference: the serial reference's word-at-a-time mask (64 elements per
// unsigned long of libstdc++'s vector<bool> storage, AVX-512 tests), with the words split
// statically across threads. Work is divided by whole words, so no two threads ever write
// the same word (dividing by elements would race on the words at the chunk borders).
namespace {
inline uint64_t pow2_bits(const int* x, size_t cnt) {
#if defined(__AVX512F__)
  if (cnt == 64) {
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(1);
    uint64_t m = 0;
    for (int q = 0; q < 4; ++q) {
      const __m512i v = _mm512_loadu_si512(x + 16 * q);
      const __mmask16 pos = _mm512_cmpgt_epi32_mask(v, zero);
      const __mmask16 single = _mm512_mask_testn_epi32_mask(pos, v, _mm512_sub_epi32(v, one));
      m |= uint64_t(single) << (16 * q);
    }
    return m;
  }
#endif
  uint64_t m = 0;
  for (size_t k = 0; k < cnt; ++k) m |= uint64_t(isPowerOfTwo(x[k])) << k;
  return m;
}
}  // namespace

void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
  const size_t n = x.size();
  if (mask.size() != n) mask.resize(n);
  if (n == 0) return;
  static_assert(sizeof(*mask.begin()._M_p) == 8, "64-bit vector<bool> words expected");
  unsigned long* words = mask.begin()._M_p;
  const int* xs = x.data();
  const long W = long((n + 63) / 64);
#pragma omp parallel for schedule(static) if (n >= 65536)
  for (long w = 0; w < W; ++w) {
    const size_t cnt = (w + 1 == W && n % 64) ? n % 64 : 64;
    words[w] = pow2_bits(xs + size_t(w) * 64, cnt);
  }
}
