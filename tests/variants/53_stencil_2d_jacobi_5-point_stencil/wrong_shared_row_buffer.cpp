// WRONG (data race): the buffer of vertical sums (above + centre + below) is allocated
// once outside the parallel loop, so all threads write their rows' sums into the same
// buffer at once. Correct with one thread.
#include <vector>
void jacobi2D(std::vector<double> const& input, std::vector<double>& output, size_t N) {
  const long n = long(N);
  std::vector<double> v(N + 2, 0.0);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      double s = input[i * n + j];
      if (i > 0) s += input[(i - 1) * n + j];
      if (i + 1 < n) s += input[(i + 1) * n + j];
      v[j + 1] = s;
    }
    for (long j = 0; j < n; ++j) {
      double s = v[j + 1];
      if (j > 0) s += input[i * n + j - 1];
      if (j + 1 < n) s += input[i * n + j + 1];
      output[i * n + j] = s / 5.0;
    }
  }
}
