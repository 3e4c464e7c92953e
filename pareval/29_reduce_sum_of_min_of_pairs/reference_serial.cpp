#include <algorithm>
#include <cstddef>
#include <vector>
#if defined(__AVX__)
#include <immintrin.h>
#endif

// Serial reference: the baseline is one chain of dependent additions (one add latency,
// ~1 ns, per pair: about the time the 16 bytes of a pair take to arrive from memory).
// Here four independent 4-wide accumulators (vector min and add) take the latency out,
// so only memory bandwidth limits the loop. (g++ 12 turns a 16-element accumulator
// array into slow shuffle-heavy code here, hence the intrinsics.)
double sumOfMinimumElements(std::vector<double> const& x, std::vector<double> const& y) {
  const size_t n = x.size();
  const double* a = x.data();
  const double* b = y.data();
  size_t i = 0;
  double s = 0.0;
#if defined(__AVX__)
  __m256d s0 = _mm256_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
  for (; i + 16 <= n; i += 16) {
    s0 = _mm256_add_pd(s0, _mm256_min_pd(_mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i)));
    s1 = _mm256_add_pd(s1, _mm256_min_pd(_mm256_loadu_pd(a + i + 4), _mm256_loadu_pd(b + i + 4)));
    s2 = _mm256_add_pd(s2, _mm256_min_pd(_mm256_loadu_pd(a + i + 8), _mm256_loadu_pd(b + i + 8)));
    s3 = _mm256_add_pd(s3, _mm256_min_pd(_mm256_loadu_pd(a + i + 12), _mm256_loadu_pd(b + i + 12)));
  }
  double t[4];
  _mm256_storeu_pd(t, _mm256_add_pd(_mm256_add_pd(s0, s1), _mm256_add_pd(s2, s3)));
  s = (t[0] + t[1]) + (t[2] + t[3]);
#else
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += std::min(a[i], b[i]);
    s1 += std::min(a[i + 1], b[i + 1]);
    s2 += std::min(a[i + 2], b[i + 2]);
    s3 += std::min(a[i + 3], b[i + 3]);
  }
  s = (s0 + s1) + (s2 + s3);
#endif
  for (; i < n; ++i) s += std::min(a[i], b[i]);
  return s;
}
