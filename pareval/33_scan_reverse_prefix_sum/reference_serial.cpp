#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// Serial reference. 16 elements of x at a time are loaded from the back, their lanes
// reversed, and scanned inside the register with a log-step (Hillis-Steele) add scan:
// 4 zero-filling lane shifts and adds; then the running total of everything before is
// added. The running total is the only dependency between blocks. The output is written
// with non-temporal (streaming) stores once it is 64-byte aligned: the output is never
// read here, so this saves the read-for-ownership of every output cache line (a third
// of the baseline's memory traffic). Without AVX-512: a scalar loop with the running
// sum in a register.
void reversePrefixSum(std::vector<int> const& x, std::vector<int>& output) {
  const size_t n = x.size();
  if (output.size() != n) output.resize(n);
  const int* in = x.data();
  int* out = output.data();
  size_t i = 0;
  int run = 0;
#if defined(__AVX512F__)
  while (i < n && (reinterpret_cast<uintptr_t>(out + i) & 63) != 0) {
    run += in[n - 1 - i];
    out[i++] = run;
  }
  if (i + 16 <= n) {
    const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i rev = _mm512_sub_epi32(_mm512_set1_epi32(15), lane);
    const __m512i s1 = _mm512_sub_epi32(lane, _mm512_set1_epi32(1));
    const __m512i s2 = _mm512_sub_epi32(lane, _mm512_set1_epi32(2));
    const __m512i s4 = _mm512_sub_epi32(lane, _mm512_set1_epi32(4));
    const __m512i s8 = _mm512_sub_epi32(lane, _mm512_set1_epi32(8));
    const __m512i last = _mm512_set1_epi32(15);
    __m512i carry = _mm512_set1_epi32(run);
    for (; i + 16 <= n; i += 16) {
      // out[i + l] needs x[n - 1 - i - l]: the 16 values x[n-16-i .. n-1-i], reversed
      __m512i v = _mm512_permutexvar_epi32(rev, _mm512_loadu_si512(in + (n - 16 - i)));
      v = _mm512_add_epi32(v, _mm512_maskz_permutexvar_epi32(0xFFFE, s1, v));
      v = _mm512_add_epi32(v, _mm512_maskz_permutexvar_epi32(0xFFFC, s2, v));
      v = _mm512_add_epi32(v, _mm512_maskz_permutexvar_epi32(0xFFF0, s4, v));
      v = _mm512_add_epi32(v, _mm512_maskz_permutexvar_epi32(0xFF00, s8, v));
      v = _mm512_add_epi32(v, carry);
      _mm512_stream_si512(reinterpret_cast<__m512i*>(out + i), v);
      carry = _mm512_permutexvar_epi32(last, v);
    }
    _mm_sfence();
    run = _mm_cvtsi128_si32(_mm512_castsi512_si128(carry));
  }
#endif
  for (; i < n; ++i) {
    run += in[n - 1 - i];
    out[i] = run;
  }
}
