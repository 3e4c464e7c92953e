#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

/* Solve the linear system A*x = b for x. A is a sparse NxN matrix in COO format: its
   nonzero entries, sorted by row and then by column, with no repeated (row, column)
   pair. Every diagonal entry is stored, and A is strictly diagonally dominant by rows
   (|A[i][i]| > sum of |A[i][j]| over j != i), hence nonsingular. b has N elements;
   x arrives already sized to N (with unspecified contents).
   Any method is fine: x is accepted when ||A*x - b||_2 <= 1e-10 * ||b||_2.
   Example:
   input: A=[{0,0,4}, {0,1,1}, {1,0,-1}, {1,1,2}] b=[6, 3]
   output: x=[1, 2]
*/
void solveLinearSystem(std::vector<COOElement> const& A, std::vector<double> const& b,
                       std::vector<double>& x, size_t N) {
  // Dense copy of A and of b.
  std::vector<double> M(N * N, 0.0);
  for (COOElement const& e : A) {
    M[e.row * N + e.column] = e.value;
  }
  std::vector<double> rhs(b.begin(), b.end());
  // Gaussian elimination with partial pivoting.
  for (size_t k = 0; k < N; ++k) {
    size_t p = k;
    for (size_t i = k + 1; i < N; ++i) {
      if (std::fabs(M[i * N + k]) > std::fabs(M[p * N + k])) p = i;
    }
    if (p != k) {
      for (size_t j = 0; j < N; ++j) std::swap(M[k * N + j], M[p * N + j]);
      std::swap(rhs[k], rhs[p]);
    }
    for (size_t i = k + 1; i < N; ++i) {
      const double f = M[i * N + k] / M[k * N + k];
      for (size_t j = k + 1; j < N; ++j) {
        M[i * N + j] -= f * M[k * N + j];
      }
      rhs[i] -= f * rhs[k];
    }
  }
  // Back substitution.
  for (size_t i = N; i-- > 0;) {
    double s = rhs[i];
    for (size_t j = i + 1; j < N; ++j) s -= M[i * N + j] * x[j];
    x[i] = s / M[i * N + i];
  }
}
