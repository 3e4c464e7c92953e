// WRONG (data race): the elimination's row updates are parallelized correctly, but so is
// the back substitution, where x[i] needs x[j] for j > i, which another thread may not
// have computed yet.
#include <cmath>
#include <vector>
struct COOElement { size_t row, column; double value; };
void solveLinearSystem(std::vector<COOElement> const& A, std::vector<double> const& b,
                       std::vector<double>& x, size_t N) {
  std::vector<double> M(N * N, 0.0), r(b);
  for (auto const& e : A) M[e.row * N + e.column] = e.value;
  for (size_t k = 0; k < N; ++k) {
#pragma omp parallel for schedule(static) if (N - k > 64)
    for (size_t i = k + 1; i < N; ++i) {
      const double f = M[i * N + k] / M[k * N + k];
      for (size_t j = k + 1; j < N; ++j) M[i * N + j] -= f * M[k * N + j];
      r[i] -= f * r[k];
    }
  }
  for (size_t i = 0; i < N; ++i) x[i] = 0.0;
#pragma omp parallel for schedule(static)
  for (size_t ii = 0; ii < N; ++ii) {
    const size_t i = N - 1 - ii;
    double s = r[i];
    for (size_t j = i + 1; j < N; ++j) s -= M[i * N + j] * x[j];
    x[i] = s / M[i * N + i];
  }
}
