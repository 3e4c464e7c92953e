#include <cstddef>
#include <vector>

// Serial reference: row by row, without a branch per neighbour. For row i the vertical
// sums v[j] = in[i-1][j] + in[i][j] + in[i+1][j] go into a buffer padded with a zero at
// each end (missing rows above and below read from a zero row), so the neighbour count
// is v[j-1] + v[j] + v[j+1] - in[i][j]. Both loops are branch-free and vectorise; the
// three input rows stay in cache, so the grid is read once and written once.
void gameOfLife(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  if (N == 0) return;
  std::vector<int> zero(N, 0), vbuf(N + 2, 0);
  const int* in = input.data();
  int* out = output.data();
  int* v = vbuf.data() + 1;  // v[-1] and v[N] stay 0
  for (size_t i = 0; i < N; ++i) {
    const int* __restrict up = i > 0 ? in + (i - 1) * N : zero.data();
    const int* __restrict mid = in + i * N;
    const int* __restrict dn = i + 1 < N ? in + (i + 1) * N : zero.data();
    for (size_t j = 0; j < N; ++j) v[j] = up[j] + mid[j] + dn[j];
    int* __restrict o = out + i * N;
    for (size_t j = 0; j < N; ++j) {
      const int s = v[j - 1] + v[j] + v[j + 1] - mid[j];
      o[j] = (s == 3) | ((s == 2) & (mid[j] == 1));
    }
  }
}
