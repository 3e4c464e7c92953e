// WRONG (data race): the buffer of vertical sums is allocated once outside the parallel
// loop, so all threads write their rows' sums into the same buffer at once. Correct with
// one thread.
#include <algorithm>
#include <vector>
const int edgeKernel[3][3] = {{-1, -1, -1}, {-1, 8, -1}, {-1, -1, -1}};
void convolveKernel(std::vector<int> const& imageIn, std::vector<int>& imageOut, size_t N) {
  const long n = long(N);
  std::vector<int> v(N + 2, 0);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      int s = imageIn[i * n + j];
      if (i > 0) s += imageIn[(i - 1) * n + j];
      if (i + 1 < n) s += imageIn[(i + 1) * n + j];
      v[j + 1] = s;
    }
    for (long j = 0; j < n; ++j) {
      const int s = 9 * imageIn[i * n + j] - (v[j] + v[j + 1] + v[j + 2]);
      imageOut[i * n + j] = std::min(255, std::max(0, s));
    }
  }
}
