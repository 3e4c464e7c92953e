// WRONG (only on some inputs): clips the result at 255 but not at 0; right wherever the
// image is smooth enough that no sum is negative (flat or two-level regions).
#include <algorithm>
#include <vector>
const int edgeKernel[3][3] = {{-1, -1, -1}, {-1, 8, -1}, {-1, -1, -1}};
void convolveKernel(std::vector<int> const& imageIn, std::vector<int>& imageOut, size_t N) {
  const long n = long(N);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      int sum = 0;
      for (long k = -1; k <= 1; ++k)
        for (long l = -1; l <= 1; ++l) {
          const long r = i + k, c = j + l;
          if (r >= 0 && r < n && c >= 0 && c < n) sum += imageIn[r * n + c] * edgeKernel[k + 1][l + 1];
        }
      imageOut[i * n + j] = std::min(255, sum);
    }
}
