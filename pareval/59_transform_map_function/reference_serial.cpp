#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

bool isPowerOfTwo(int x) {
  return (x > 0) && !(x & (x - 1));
}

// Serial reference: builds the mask 64 bits at a time and stores whole words into the
// vector<bool>'s storage (libstdc++ keeps the bits in unsigned long words, bit k of word w
// being element 64w + k; begin()._M_p points at word 0), instead of a read-modify-write
// of one bit per element. With AVX-512 one word takes 4 x (compare > 0, test x & (x-1)).
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
  const size_t W = (n + 63) / 64;
  for (size_t w = 0; w < W; ++w) {
    const size_t cnt = (w + 1 == W && n % 64) ? n % 64 : 64;
    words[w] = pow2_bits(xs + w * 64, cnt);
  }
}
