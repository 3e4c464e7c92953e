#include <algorithm>
#include <cstddef>
#include <vector>

const int edgeKernel[3][3] = {{-1, -1, -1}, {-1, 8, -1}, {-1, -1, -1}};

// Serial reference. The kernel is 9 * centre minus the 3x3 box sum, and the box sum is
// separable: for row i the vertical sums v[j] = in[i-1][j] + in[i][j] + in[i+1][j] go
// into a buffer with a zero at each end (rows outside the image read from a zero row),
// then result = 9 * in[i][j] - (v[j-1] + v[j] + v[j+1]), clipped. Two branch-free,
// vectorised loops per row; the three input rows stay in cache.
void convolveKernel(std::vector<int> const& imageIn, std::vector<int>& imageOut, size_t N) {
  if (N == 0) return;
  std::vector<int> zero(N, 0), vbuf(N + 2, 0);
  const int* in = imageIn.data();
  int* out = imageOut.data();
  int* v = vbuf.data() + 1;  // v[-1] and v[N] stay 0
  for (size_t i = 0; i < N; ++i) {
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
