#include <algorithm>
#include <cstddef>
#include <vector>

const int edgeKernel[3][3] = {{-1, -1, -1}, {-1, 8, -1}, {-1, -1, -1}};

/* Convolve the N x N greyscale image imageIn (row-major, pixel values 0..255) with the
   3x3 edge-detection kernel edgeKernel and store the result in imageOut (already sized
   to N*N). Pixels outside the image count as 0. Every result is clipped to [0, 255].
   Example: N = 3, input [0,0,0, 0,100,0, 0,0,0] -> output [0,0,0, 0,255,0, 0,0,0]
            N = 3, input [10,10,10, 10,10,10, 10,10,10] -> output [50,30,50, 30,0,30, 50,30,50]
*/
void convolveKernel(std::vector<int> const& imageIn, std::vector<int>& imageOut, size_t N) {
  const long n = long(N);
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      int sum = 0;
      for (long k = -1; k <= 1; ++k) {
        for (long l = -1; l <= 1; ++l) {
          const long r = i + k, c = j + l;
          if (r >= 0 && r < n && c >= 0 && c < n) sum += imageIn[r * n + c] * edgeKernel[k + 1][l + 1];
        }
      }
      imageOut[i * n + j] = std::min(255, std::max(0, sum));
    }
  }
}
