#include <cstddef>
#include <vector>

/* Solve the linear system A*x = b for x. A is an NxN matrix stored in row-major order in
   a flat vector; b and x have N elements (x arrives already sized to N). A is diagonally
   dominant, so Gaussian elimination needs no pivoting.
   Example:
   input: A=[[1, 4, 2], [1, 2, 3], [2, 1, 3]] b=[11, 11, 13]
   output: x=[3, 1, 2]
*/
void solveLinearSystem(std::vector<double> const& A, std::vector<double> const& b, std::vector<double>& x, size_t N) {
  std::vector<double> M = A;  // working copies: A and b are const
  std::vector<double> c = b;
  // forward elimination
  for (size_t k = 0; k < N; ++k) {
    for (size_t i = k + 1; i < N; ++i) {
      const double factor = M[i * N + k] / M[k * N + k];
      for (size_t j = k + 1; j < N; ++j) {
        M[i * N + j] -= factor * M[k * N + j];
      }
      c[i] -= factor * c[k];
    }
  }
  // back substitution
  for (size_t ii = N; ii > 0; --ii) {
    const size_t i = ii - 1;
    double sum = c[i];
    for (size_t j = i + 1; j < N; ++j) {
      sum -= M[i * N + j] * x[j];
    }
    x[i] = sum / M[i * N + i];
  }
}
