// WRONG (only on some inputs): 20 Jacobi iterations instead of an exact solve. Converges
// to a few digits on strongly dominant matrices, far from the tolerance unless the
// system is tiny or diagonal.
#include <vector>
void solveLinearSystem(std::vector<double> const& A, std::vector<double> const& b, std::vector<double>& x, size_t N) {
  std::vector<double> cur(N, 0.0), nxt(N);
  for (int it = 0; it < 20; ++it) {
    for (size_t i = 0; i < N; ++i) {
      double s = b[i];
      for (size_t j = 0; j < N; ++j)
        if (j != i) s -= A[i * N + j] * cur[j];
      nxt[i] = s / A[i * N + i];
    }
    cur.swap(nxt);
  }
  for (size_t i = 0; i < N; ++i) x[i] = cur[i];
}
