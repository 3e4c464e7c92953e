#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// OpenMP reference. A scan streams memory: the single pass moves 8 bytes per element,
// sum-then-scan 12 (x is read twice), which only wins where more threads bring more
// memory bandwidth. On the 2-core dev machine they do not (triad: 35 GB/s on 1 thread,
// 32 GB/s on 2; sum-then-scan measured 0.73x), so with fewer than 4 threads this
// reference is the single pass. Otherwise: sum-then-scan over the output index range,
// split into one contiguous block per thread. Pass 1: each thread sums the x values its block needs
// (a vectorized read-only reduction). The block totals are combined in thread order.
// Pass 2: each thread scans its block starting from the total of the blocks before it,
// with the serial reference's in-register 16-lane scan and streaming stores. Integer
// addition is associative, so the result is exact for any thread count.
namespace {
// out[j] = run + x[n-1-i0] + ... + x[n-1-i0-j] for j < m, where in_end = x + n - i0.
void scan_block(const int* in_end, int* out, size_t m, int run) {
  size_t i = 0;
#if defined(__AVX512F__)
  while (i < m && (reinterpret_cast<uintptr_t>(out + i) & 63) != 0) {
    run += in_end[-1 - std::ptrdiff_t(i)];
    out[i++] = run;
  }
  if (i + 16 <= m) {
    const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i rev = _mm512_sub_epi32(_mm512_set1_epi32(15), lane);
    const __m512i s1 = _mm512_sub_epi32(lane, _mm512_set1_epi32(1));
    const __m512i s2 = _mm512_sub_epi32(lane, _mm512_set1_epi32(2));
    const __m512i s4 = _mm512_sub_epi32(lane, _mm512_set1_epi32(4));
    const __m512i s8 = _mm512_sub_epi32(lane, _mm512_set1_epi32(8));
    const __m512i last = _mm512_set1_epi32(15);
    __m512i carry = _mm512_set1_epi32(run);
    for (; i + 16 <= m; i += 16) {
      __m512i v = _mm512_permutexvar_epi32(rev, _mm512_loadu_si512(in_end - 16 - std::ptrdiff_t(i)));
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
  for (; i < m; ++i) {
    run += in_end[-1 - std::ptrdiff_t(i)];
    out[i] = run;
  }
}
}  // namespace

void reversePrefixSum(std::vector<int> const& x, std::vector<int>& output) {
  const size_t n = x.size();
  if (output.size() != n) output.resize(n);
  const int* in = x.data();
  int* out = output.data();
  if (n < 100000 || omp_get_max_threads() < 4) {
    scan_block(in + n, out, n, 0);
    return;
  }
  std::vector<unsigned> total(size_t(omp_get_max_threads()) + 1, 0u);
#pragma omp parallel
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    // output block [lo, hi) reads x[n-hi .. n-1-lo]
    unsigned s = 0;  // unsigned: wrap-around is defined, the final sums fit in int
    for (size_t k = n - hi; k < n - lo; ++k) s += unsigned(in[k]);  // vectorized by gcc
    total[t] = s;
#pragma omp barrier
    unsigned off = 0;
    for (size_t k = 0; k < t; ++k) off += total[k];
    scan_block(in + (n - lo), out + lo, hi - lo, int(off));
  }
}
