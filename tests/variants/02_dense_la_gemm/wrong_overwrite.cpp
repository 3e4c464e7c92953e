// WRONG (only right when C arrives zeroed): computes C = A*B, overwriting C instead of
// accumulating into it.
#include <vector>
void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  for (size_t i = 0; i < M; ++i) {
    for (size_t j = 0; j < N; ++j) C[i * N + j] = 0.0;
    for (size_t k = 0; k < K; ++k) {
      const double a = A[i * K + k];
      for (size_t j = 0; j < N; ++j) C[i * N + j] += a * B[k * N + j];
    }
  }
}
