// WRONG (only on some inputs): a blocked version whose trailing update processes columns
// in whole blocks of 8 and drops the remainder; right only when N is a multiple of 8.
#include <algorithm>
#include <vector>
void luFactorize(std::vector<double>& A, size_t N) {
  const size_t B = 8;
  for (size_t k = 0; k < N; ++k) {
    for (size_t i = k + 1; i < N; ++i) A[i * N + k] /= A[k * N + k];
    const size_t start = k + 1;
    const size_t full = start + (N - start) / B * B;
    for (size_t i = k + 1; i < N; ++i) {
      const double f = A[i * N + k];
      for (size_t j0 = start; j0 < full; j0 += B)
        for (size_t j = j0; j < j0 + B; ++j) A[i * N + j] -= f * A[k * N + j];
      if (N % B == 0)
        for (size_t j = full; j < N; ++j) A[i * N + j] -= f * A[k * N + j];
    }
  }
}
