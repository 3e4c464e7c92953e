// WRONG (only on some inputs): the interior is processed 8 columns at a time and the
// leftover columns when N - 2 is not a multiple of 8 are never computed (right only for
// sizes with N % 8 == 2, and for N < 3 where everything goes through the border code).
#include <vector>
static int rule(const int* in, long n, long i, long j) {
  int alive = 0;
  for (long di = -1; di <= 1; ++di)
    for (long dj = -1; dj <= 1; ++dj) {
      if (di == 0 && dj == 0) continue;
      const long r = i + di, c = j + dj;
      if (r >= 0 && r < n && c >= 0 && c < n) alive += in[r * n + c];
    }
  return (alive == 3 || (in[i * n + j] == 1 && alive == 2)) ? 1 : 0;
}
void gameOfLife(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  const long n = long(N);
  const int* in = input.data();
  int* out = output.data();
  for (long i = 0; i < n; ++i) {
    if (i == 0 || i == n - 1 || n < 3) {
      for (long j = 0; j < n; ++j) out[i * n + j] = rule(in, n, i, j);
      continue;
    }
    out[i * n] = rule(in, n, i, 0);
    out[i * n + n - 1] = rule(in, n, i, n - 1);
    for (long j0 = 1; j0 + 8 <= n - 1; j0 += 8)
      for (long j = j0; j < j0 + 8; ++j) {
        const int* u = in + (i - 1) * n + j;
        const int* m = in + i * n + j;
        const int* d = in + (i + 1) * n + j;
        const int s = u[-1] + u[0] + u[1] + m[-1] + m[1] + d[-1] + d[0] + d[1];
        out[i * n + j] = (s == 3) | ((s == 2) & (m[0] == 1));
      }
  }
}
