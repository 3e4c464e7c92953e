// WRONG (off by one): the inner loop stops at N-1, so the last column of A is ignored.
#include <vector>
void gemv(std::vector<double> const& A, std::vector<double> const& x, std::vector<double>& y, size_t M, size_t N) {
  for (size_t i = 0; i < M; ++i) {
    double sum = 0.0;
    for (size_t j = 0; j + 1 < N; ++j) sum += A[i * N + j] * x[j];
    y[i] = sum;
  }
}
