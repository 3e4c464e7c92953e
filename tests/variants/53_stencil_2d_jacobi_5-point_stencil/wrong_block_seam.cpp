// WRONG (only on some inputs): rows are processed in blocks of 512 and the last row of
// every block treats the row below as outside the grid; right for N <= 512 only.
#include <algorithm>
#include <vector>
void jacobi2D(std::vector<double> const& input, std::vector<double>& output, size_t N) {
  const size_t B = 512;
  for (size_t i0 = 0; i0 < N; i0 += B) {
    const size_t i1 = std::min(N, i0 + B);
    for (size_t i = i0; i < i1; ++i)
      for (size_t j = 0; j < N; ++j) {
        double s = input[i * N + j];
        if (i > 0) s += input[(i - 1) * N + j];
        if (i + 1 < i1) s += input[(i + 1) * N + j];
        if (j > 0) s += input[i * N + j - 1];
        if (j + 1 < N) s += input[i * N + j + 1];
        output[i * N + j] = s / 5.0;
      }
  }
}
