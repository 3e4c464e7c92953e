// WRONG (off by one): the right-looking elimination's update loop stops at column N-2
// ("j + 1 < N"), so the last column of U is never updated.
#include <vector>
struct COOElement { size_t row, column; double value; };
void luFactorize(std::vector<COOElement> const& A, std::vector<double>& L,
                 std::vector<double>& U, size_t N) {
  std::vector<double> M(N * N, 0.0);
  for (auto const& e : A) M[e.row * N + e.column] = e.value;
  for (size_t k = 0; k < N; ++k)
    for (size_t i = k + 1; i < N; ++i) {
      const double m = M[i * N + k] / M[k * N + k];
      M[i * N + k] = m;
      for (size_t j = k + 1; j + 1 < N; ++j) M[i * N + j] -= m * M[k * N + j];
    }
  L.assign(N * N, 0.0);
  U.assign(N * N, 0.0);
  for (size_t i = 0; i < N; ++i) {
    L[i * N + i] = 1.0;
    for (size_t j = 0; j < i; ++j) L[i * N + j] = M[i * N + j];
    for (size_t j = i; j < N; ++j) U[i * N + j] = M[i * N + j];
  }
}
