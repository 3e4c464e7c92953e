// WRONG (data race): the back-substitution loop over rows is parallelized, but row i
// needs x[i+1..N) from rows other threads have not finished (and reads the NaN/stale
// values x arrived with). Correct with one thread.
#include <vector>
void solveLinearSystem(std::vector<double> const& A, std::vector<double> const& b, std::vector<double>& x, size_t N) {
  std::vector<double> M = A, c = b;
  for (size_t k = 0; k < N; ++k) {
#pragma omp parallel for schedule(static)
    for (size_t i = k + 1; i < N; ++i) {
      const double f = M[i * N + k] / M[k * N + k];
      for (size_t j = k + 1; j < N; ++j) M[i * N + j] -= f * M[k * N + j];
      c[i] -= f * c[k];
    }
  }
  const long n = long(N);
#pragma omp parallel for schedule(static)
  for (long ii = n - 1; ii >= 0; --ii) {
    const size_t i = size_t(ii);
    double s = c[i];
    for (size_t j = i + 1; j < N; ++j) s -= M[i * N + j] * x[j];
    x[i] = s / M[i * N + i];
  }
}
