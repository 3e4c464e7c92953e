#include <omp.h>
#include <algorithm>
#include <cstddef>
#include <vector>

const int edgeKernel[3][3] = {{-1, -1, -1}, {-1, 8, -1}, {-1, -1, -1}};

// OpenMP reference: the serial reference's separable row sweep (vertical sums into a
// zero-padded row buffer, result = 9 * centre - box sum, clipped), rows split statically
// across threads, each thread with its own buffer. Every output row is written by one
// thread; correct for any thread count.
void convolveKernel(std::vector<int> const& imageIn, std::vector<int>& imageOut, size_t N) {
  if (N == 0) return;
  std::vector<int> zero(N, 0);
  const int* in = imageIn.data();
  int* out = imageOut.data();
  const long n = long(N);
#pragma omp parallel if (N >= 128)
  {
    std::vector<int> vbuf(N + 2, 0);
    int* v = vbuf.data() + 1;
#pragma omp for schedule(static)
    for (long il = 0; il < n; ++il) {
      const size_t i = size_t(il);
      const int* __restrict up = i > 0 ? in + (i - 1) * N : zero.data();
      const int* __restrict mid = in + i * N;
      const int* __restrict dn = i + 1 < N ? in + (i + 1) * N : zero.data();
      for (size_t j = 0; j < N; ++j) v[j] = up[j] + mid[j] + dn[j];
      int* __restrict o = out + i * N;
      for (size_t j = 0; j < N; ++j) {
        const int s = 9 * mid[j] - (v[j - 1] + v[j] + v[j + 1]);
        o[j] = std::min(255, std::max(0, s));
      }
    }
  }
}
