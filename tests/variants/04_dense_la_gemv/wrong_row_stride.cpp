// WRONG (only on some inputs): uses M as the row stride (A[i*M + j]), which is right only
// for square matrices.
#include <vector>
void gemv(std::vector<double> const& A, std::vector<double> const& x, std::vector<double>& y, size_t M, size_t N) {
  for (size_t i = 0; i < M; ++i) {
    double sum = 0.0;
    for (size_t j = 0; j < N; ++j) sum += A[i * M + j] * x[j];
    y[i] = sum;
  }
}
