// WRONG (data race): the buffer of vertical neighbour sums (above + below) is allocated
// once outside the parallel loop, so all threads write their rows' sums into the same
// buffer at once. Correct with one thread.
#include <vector>
void cellsXOR(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  const long n = long(N);
  std::vector<int> vsum(N + 2, 0);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      int s = 0;
      if (i > 0) s += input[(i - 1) * n + j];
      if (i + 1 < n) s += input[(i + 1) * n + j];
      vsum[j + 1] = s;
    }
    for (long j = 0; j < n; ++j) {
      int c = vsum[j + 1];
      if (j > 0) c += input[i * n + j - 1];
      if (j + 1 < n) c += input[i * n + j + 1];
      output[i * n + j] = c == 1;
    }
  }
}
