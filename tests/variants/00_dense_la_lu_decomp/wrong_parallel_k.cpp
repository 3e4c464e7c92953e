// WRONG (data race): the elimination step loop k is parallelized, but step k needs the
// rows finished by steps 0..k-1, so threads eliminate with half-updated rows. Correct
// with one thread.
#include <vector>
void luFactorize(std::vector<double>& A, size_t N) {
#pragma omp parallel for schedule(static)
  for (size_t k = 0; k < N; ++k)
    for (size_t i = k + 1; i < N; ++i) {
      const double f = A[i * N + k] / A[k * N + k];
      A[i * N + k] = f;
      for (size_t j = k + 1; j < N; ++j) A[i * N + j] -= f * A[k * N + j];
    }
}
