#include <cstddef>
#include <vector>

// Serial reference: row by row, branch-free. Rows above and below the grid read from a
// zero row; the interior columns compute up + down + left + right in one vectorisable
// loop and the two border columns are done separately, so the grid is read once and the
// output written once.
void cellsXOR(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  if (N == 0) return;
  std::vector<int> zero(N, 0);
  const int* in = input.data();
  int* out = output.data();
  for (size_t i = 0; i < N; ++i) {
    const int* __restrict up = i > 0 ? in + (i - 1) * N : zero.data();
    const int* __restrict mid = in + i * N;
    const int* __restrict dn = i + 1 < N ? in + (i + 1) * N : zero.data();
    int* __restrict o = out + i * N;
    if (N == 1) {
      o[0] = (up[0] + dn[0]) == 1;
      continue;
    }
    o[0] = (up[0] + dn[0] + mid[1]) == 1;
    for (size_t j = 1; j + 1 < N; ++j) o[j] = (up[j] + dn[j] + mid[j - 1] + mid[j + 1]) == 1;
    o[N - 1] = (up[N - 1] + dn[N - 1] + mid[N - 2]) == 1;
  }
}
