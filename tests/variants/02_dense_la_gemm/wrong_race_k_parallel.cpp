// WRONG (data race): parallelizes the k loop of the i-k-j order, so several threads
// read-modify-write the same C entries at once and updates are lost.
#include <vector>
void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
#pragma omp parallel for
  for (size_t k = 0; k < K; ++k)
    for (size_t i = 0; i < M; ++i) {
      const double a = A[i * K + k];
      for (size_t j = 0; j < N; ++j) C[i * N + j] += a * B[k * N + j];
    }
}
