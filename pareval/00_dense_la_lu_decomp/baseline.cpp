#include <cstddef>
#include <vector>

/* Factorize the NxN matrix A into A = L*U in place, without pivoting. L is lower
   triangular with ones on its diagonal, U is upper triangular. On return A holds the
   multipliers of L strictly below the diagonal (L's unit diagonal is not stored) and U on
   and above the diagonal. A is stored in row-major order in a flat vector.
   Example:
   input: [[4, 3], [6, 3]]
   output: [[4, 3], [1.5, -1.5]]
*/
void luFactorize(std::vector<double>& A, size_t N) {
  for (size_t k = 0; k < N; ++k) {
    for (size_t i = k + 1; i < N; ++i) {
      const double factor = A[i * N + k] / A[k * N + k];
      A[i * N + k] = factor;
      for (size_t j = k + 1; j < N; ++j) {
        A[i * N + j] -= factor * A[k * N + j];
      }
    }
  }
}
