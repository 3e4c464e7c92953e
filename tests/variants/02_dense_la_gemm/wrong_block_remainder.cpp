// WRONG (only right when N is a multiple of 16): a blocked version whose column loop
// only covers whole 16-wide blocks and silently skips the remainder columns.
#include <algorithm>
#include <vector>
void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  const size_t NB = 16;
#pragma omp parallel for
  for (size_t i = 0; i < M; ++i)
    for (size_t j0 = 0; j0 + NB <= N; j0 += NB)
      for (size_t k = 0; k < K; ++k) {
        const double a = A[i * K + k];
        for (size_t j = j0; j < j0 + NB; ++j) C[i * N + j] += a * B[k * N + j];
      }
}
