// WRONG (off by one): the inner product stops at K-1, dropping the last column of A /
// last row of B.
#include <vector>
void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  for (size_t i = 0; i < M; ++i)
    for (size_t k = 0; k + 1 < K; ++k) {
      const double a = A[i * K + k];
      for (size_t j = 0; j < N; ++j) C[i * N + j] += a * B[k * N + j];
    }
}
