#include <cstddef>
#include <vector>
#if defined(__AVX__)
#include <immintrin.h>
#endif

// Serial reference: one streaming pass with four independent 4-wide vector accumulators
// (several add chains in flight), so the sum runs at the speed memory delivers x. The
// baseline's std::reduce already unrolls by four in libstdc++, so there is little left:
// this is the ceiling. (g++ 12 turns a 16-element accumulator array into slow
// shuffle-heavy code, hence the intrinsics.)
double average(std::vector<double> const& x) {
  const size_t n = x.size();
  const double* p = x.data();
  size_t i = 0;
  double s = 0.0;
#if defined(__AVX__)
  __m256d s0 = _mm256_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
  for (; i + 16 <= n; i += 16) {
    s0 = _mm256_add_pd(s0, _mm256_loadu_pd(p + i));
    s1 = _mm256_add_pd(s1, _mm256_loadu_pd(p + i + 4));
    s2 = _mm256_add_pd(s2, _mm256_loadu_pd(p + i + 8));
    s3 = _mm256_add_pd(s3, _mm256_loadu_pd(p + i + 12));
  }
  double t[4];
  _mm256_storeu_pd(t, _mm256_add_pd(_mm256_add_pd(s0, s1), _mm256_add_pd(s2, s3)));
  s = (t[0] + t[1]) + (t[2] + t[3]);
#else
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += p[i];
    s1 += p[i + 1];
    s2 += p[i + 2];
    s3 += p[i + 3];
  }
  s = (s0 + s1) + (s2 + s3);
#endif
  for (; i < n; ++i) s += p[i];
  return s / double(n);
}
