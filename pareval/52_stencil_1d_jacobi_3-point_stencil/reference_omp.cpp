#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX__)
#include <immintrin.h>
#endif

// OpenMP reference: the serial reference (end points apart, vectorised interior with
// non-temporal stores) with the interior split into one contiguous block per thread.
// Each output element is written by exactly one thread; correct for any thread count.
namespace {
void interior(const double* __restrict in, double* __restrict out, size_t lo, size_t hi) {
  size_t i = lo;
#if defined(__AVX__)
  const __m256d third = _mm256_set1_pd(3.0);
  for (; i < hi && (reinterpret_cast<uintptr_t>(out + i) & 31) != 0; ++i)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
  for (; i + 4 <= hi; i += 4) {
    const __m256d l = _mm256_loadu_pd(in + i - 1);
    const __m256d c = _mm256_loadu_pd(in + i);
    const __m256d r = _mm256_loadu_pd(in + i + 1);
    _mm256_stream_pd(out + i, _mm256_div_pd(_mm256_add_pd(_mm256_add_pd(l, c), r), third));
  }
  _mm_sfence();
#endif
  for (; i < hi; ++i) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
}
}  // namespace

void jacobi1D(std::vector<double> const& input, std::vector<double>& output) {
  const size_t n = input.size();
  if (n == 0) return;
  const double* in = input.data();
  double* out = output.data();
  if (n == 1) {
    out[0] = in[0] / 3.0;
    return;
  }
  out[0] = (in[0] + in[1]) / 3.0;
  const size_t m = n - 2;  // interior points 1 .. n-2
#pragma omp parallel if (n >= 65536)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    interior(in, out, 1 + m * t / nt, 1 + m * (t + 1) / nt);
  }
  out[n - 1] = (in[n - 2] + in[n - 1]) / 3.0;
}
