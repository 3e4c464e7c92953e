// WRONG (off by one): the bounds test on the neighbour column is c < N - 1, so the last
// column never contributes to its neighbours' sums (nor to its own centre term).
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
          if (r >= 0 && r < n && c >= 0 && c < n - 1) sum += imageIn[r * n + c] * edgeKernel[k + 1][l + 1];
        }
      imageOut[i * n + j] = std::min(255, std::max(0, sum));
    }
}
