// WRONG (off by one): the back-substitution loop "for (i = N - 1; i > 0; --i)" stops
// before row 0, so x[0] is never computed.
#include <cmath>
#include <vector>
struct COOElement { size_t row, column; double value; };
void solveLinearSystem(std::vector<COOElement> const& A, std::vector<double> const& b,
                       std::vector<double>& x, size_t N) {
  if (N == 0) return;
  std::vector<double> M(N * N, 0.0), r(b);
  for (auto const& e : A) M[e.row * N + e.column] = e.value;
  for (size_t k = 0; k < N; ++k)
    for (size_t i = k + 1; i < N; ++i) {
      const double f = M[i * N + k] / M[k * N + k];
      for (size_t j = k + 1; j < N; ++j) M[i * N + j] -= f * M[k * N + j];
      r[i] -= f * r[k];
    }
  for (size_t i = N - 1; i > 0; --i) {
    double s = r[i];
    for (size_t j = i + 1; j < N; ++j) s -= M[i * N + j] * x[j];
    x[i] = s / M[i * N + i];
  }
}
