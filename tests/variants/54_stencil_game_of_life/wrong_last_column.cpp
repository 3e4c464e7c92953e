// WRONG (off by one): the bounds test on the neighbour column is c < N - 1, so the last
// column's cells are never counted as neighbours.
#include <vector>
void gameOfLife(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  const long n = long(N);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      int alive = 0;
      for (long di = -1; di <= 1; ++di)
        for (long dj = -1; dj <= 1; ++dj) {
          if (di == 0 && dj == 0) continue;
          const long r = i + di, c = j + dj;
          if (r >= 0 && r < n && c >= 0 && c < n - 1) alive += input[r * n + c];
        }
      const int self = input[i * n + j];
      output[i * n + j] = (alive == 3 || (self == 1 && alive == 2)) ? 1 : 0;
    }
}
