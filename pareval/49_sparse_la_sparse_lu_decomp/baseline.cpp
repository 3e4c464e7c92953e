#include <cstddef>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

/* Factorize the sparse NxN matrix A into A = L*U without pivoting, where L is lower
   triangular with ones on its diagonal and U is upper triangular. A is given in COO
   format: its nonzero entries, sorted by row and then by column, with no repeated
   (row, column) pair; A has such a factorization (no zero pivot arises).
   L and U are dense NxN matrices in row-major order; they arrive already sized to N*N
   (with unspecified contents) and every entry must be written (zeros above the diagonal
   of L and below the diagonal of U).
   Example:
   input: A=[{0,0,4}, {0,1,3}, {1,0,-8}, {1,1,-2}]
   output: L=[[1, 0], [-2, 1]] U=[[4, 3], [0, 4]]
*/
void luFactorize(std::vector<COOElement> const& A, std::vector<double>& L,
                 std::vector<double>& U, size_t N) {
  // Dense copy of A.
  std::vector<double> dense(N * N, 0.0);
  for (COOElement const& e : A) {
    dense[e.row * N + e.column] = e.value;
  }
  L.assign(N * N, 0.0);
  U.assign(N * N, 0.0);
  // Doolittle's method: row i of U, then column i of L.
  for (size_t i = 0; i < N; ++i) {
    for (size_t k = i; k < N; ++k) {
      double sum = 0.0;
      for (size_t j = 0; j < i; ++j) {
        sum += L[i * N + j] * U[j * N + k];
      }
      U[i * N + k] = dense[i * N + k] - sum;
    }
    L[i * N + i] = 1.0;
    for (size_t k = i + 1; k < N; ++k) {
      double sum = 0.0;
      for (size_t j = 0; j < i; ++j) {
        sum += L[k * N + j] * U[j * N + i];
      }
      L[k * N + i] = (dense[k * N + i] - sum) / U[i * N + i];
    }
  }
}
