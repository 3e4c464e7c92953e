#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX__)
#include <immintrin.h>
#endif

// OpenMP reference: the serial reference's branch-free row sweep (zero rows outside the
// grid, border columns apart, AVX interior with streaming stores), rows split statically across
// threads. Each output row is written by one thread; correct for any thread count.
namespace {
void row(const double* __restrict up, const double* __restrict mid, const double* __restrict dn,
         double* __restrict o, size_t N) {
  if (N == 1) {
    o[0] = (up[0] + dn[0] + mid[0]) / 5.0;
    return;
  }
  o[0] = (up[0] + dn[0] + mid[1] + mid[0]) / 5.0;
  size_t j = 1;
#if defined(__AVX__)
  // Streaming (non-temporal) stores: the output is not read into the cache first.
  const __m256d five = _mm256_set1_pd(5.0);
  for (; j + 1 < N && (reinterpret_cast<uintptr_t>(o + j) & 31) != 0; ++j)
    o[j] = (up[j] + dn[j] + mid[j - 1] + mid[j + 1] + mid[j]) / 5.0;
  for (; j + 5 <= N; j += 4) {
    const __m256d s = _mm256_add_pd(
        _mm256_add_pd(_mm256_add_pd(_mm256_loadu_pd(up + j), _mm256_loadu_pd(dn + j)),
                      _mm256_add_pd(_mm256_loadu_pd(mid + j - 1), _mm256_loadu_pd(mid + j + 1))),
        _mm256_loadu_pd(mid + j));
    _mm256_stream_pd(o + j, _mm256_div_pd(s, five));
  }
#endif
  for (; j + 1 < N; ++j) o[j] = (up[j] + dn[j] + mid[j - 1] + mid[j + 1] + mid[j]) / 5.0;
  o[N - 1] = (up[N - 1] + dn[N - 1] + mid[N - 2] + mid[N - 1]) / 5.0;
}
}  // namespace

void jacobi2D(std::vector<double> const& input, std::vector<double>& output, size_t N) {
  if (N == 0) return;
  std::vector<double> zero(N, 0.0);
  const double* in = input.data();
  double* out = output.data();
  const long n = long(N);
#pragma omp parallel if (N >= 128)
  {
#pragma omp for schedule(static) nowait
    for (long il = 0; il < n; ++il) {
      const size_t i = size_t(il);
      row(i > 0 ? in + (i - 1) * N : zero.data(), in + i * N, i + 1 < N ? in + (i + 1) * N : zero.data(),
          out + i * N, N);
    }
#if defined(__AVX__)
    _mm_sfence();  // each thread orders its own streaming stores
#endif
  }
}
