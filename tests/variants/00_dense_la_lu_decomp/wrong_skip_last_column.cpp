// WRONG (off by one): the row update stops at column N-2, so the last column of U is
// never updated.
#include <vector>
void luFactorize(std::vector<double>& A, size_t N) {
  for (size_t k = 0; k < N; ++k)
    for (size_t i = k + 1; i < N; ++i) {
      const double f = A[i * N + k] / A[k * N + k];
      A[i * N + k] = f;
      for (size_t j = k + 1; j + 1 < N; ++j) A[i * N + j] -= f * A[k * N + j];
    }
}
