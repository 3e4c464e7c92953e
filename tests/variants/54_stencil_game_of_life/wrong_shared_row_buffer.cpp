// WRONG (data race): the row buffer of vertical neighbour sums is allocated once outside
// the parallel loop, so all threads write their rows' sums into the same buffer at once.
// Correct with one thread.
#include <vector>
void gameOfLife(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  if (N == 0) return;
  const long n = long(N);
  const int* in = input.data();
  int* out = output.data();
  std::vector<int> colsum(N + 2, 0);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      int s = in[i * n + j];
      if (i > 0) s += in[(i - 1) * n + j];
      if (i + 1 < n) s += in[(i + 1) * n + j];
      colsum[j + 1] = s;
    }
    for (long j = 0; j < n; ++j) {
      const int self = in[i * n + j];
      const int alive = colsum[j] + colsum[j + 1] + colsum[j + 2] - self;
      out[i * n + j] = (alive == 3 || (self == 1 && alive == 2)) ? 1 : 0;
    }
  }
}
