// WRONG (data race): Doolittle's row loop is parallelized, but row i needs the rows of U
// and L above it, which other threads may not have finished (or even started).
#include <vector>
struct COOElement { size_t row, column; double value; };
void luFactorize(std::vector<COOElement> const& A, std::vector<double>& L,
                 std::vector<double>& U, size_t N) {
  std::vector<double> M(N * N, 0.0);
  for (auto const& e : A) M[e.row * N + e.column] = e.value;
  L.assign(N * N, 0.0);
  U.assign(N * N, 0.0);
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < N; ++i) {
    // row i of L (needs U rows j < i) and row i of U (needs L row i, U rows j < i)
    for (size_t j = 0; j < i; ++j) {
      double s = M[i * N + j];
      for (size_t k = 0; k < j; ++k) s -= L[i * N + k] * U[k * N + j];
      L[i * N + j] = s / U[j * N + j];
    }
    L[i * N + i] = 1.0;
    for (size_t j = i; j < N; ++j) {
      double s = M[i * N + j];
      for (size_t k = 0; k < i; ++k) s -= L[i * N + k] * U[k * N + j];
      U[i * N + j] = s;
    }
  }
}
