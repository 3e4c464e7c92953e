// WRONG (only right when there is no fill-in): a sparse elimination that updates only
// the positions where A itself has a nonzero (an ILU(0)-style pattern), dropping the
// fill-in that appears in L and U; right for tridiagonal-like inputs only.
#include <vector>
struct COOElement { size_t row, column; double value; };
void luFactorize(std::vector<COOElement> const& A, std::vector<double>& L,
                 std::vector<double>& U, size_t N) {
  std::vector<double> M(N * N, 0.0);
  std::vector<char> pat(N * N, 0);
  for (auto const& e : A) { M[e.row * N + e.column] = e.value; pat[e.row * N + e.column] = 1; }
  for (size_t k = 0; k < N; ++k)
    for (size_t i = k + 1; i < N; ++i) {
      if (!pat[i * N + k]) continue;
      const double m = M[i * N + k] / M[k * N + k];
      M[i * N + k] = m;
      for (size_t j = k + 1; j < N; ++j)
        if (pat[i * N + j]) M[i * N + j] -= m * M[k * N + j];
    }
  L.assign(N * N, 0.0);
  U.assign(N * N, 0.0);
  for (size_t i = 0; i < N; ++i) {
    L[i * N + i] = 1.0;
    for (size_t j = 0; j < i; ++j) L[i * N + j] = M[i * N + j];
    for (size_t j = i; j < N; ++j) U[i * N + j] = M[i * N + j];
  }
}
