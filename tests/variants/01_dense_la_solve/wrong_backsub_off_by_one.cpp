// WRONG (off by one): the back substitution skips the last column (j < N-1), so every x
// except the last ignores x[N-1].
#include <vector>
void solveLinearSystem(std::vector<double> const& A, std::vector<double> const& b, std::vector<double>& x, size_t N) {
  std::vector<double> M = A, c = b;
  for (size_t k = 0; k < N; ++k)
    for (size_t i = k + 1; i < N; ++i) {
      const double f = M[i * N + k] / M[k * N + k];
      for (size_t j = k + 1; j < N; ++j) M[i * N + j] -= f * M[k * N + j];
      c[i] -= f * c[k];
    }
  for (size_t ii = N; ii > 0; --ii) {
    const size_t i = ii - 1;
    double s = c[i];
    for (size_t j = i + 1; j + 1 < N; ++j) s -= M[i * N + j] * x[j];
    x[i] = s / M[i * N + i];
  }
}
