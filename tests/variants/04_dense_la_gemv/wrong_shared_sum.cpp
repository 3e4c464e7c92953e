// WRONG (missing reduction / data race): the column loop is parallelized, but all threads
// add into one shared sum without a reduction, so updates are lost and each thread's
// partial sum overwrites the others'. Correct with one thread.
#include <vector>
void gemv(std::vector<double> const& A, std::vector<double> const& x, std::vector<double>& y, size_t M, size_t N) {
  for (size_t i = 0; i < M; ++i) {
    double sum = 0.0;
#pragma omp parallel
    {
      double local = 0.0;
#pragma omp for
      for (size_t j = 0; j < N; ++j) local += A[i * N + j] * x[j];
      sum = local;
    }
    y[i] = sum;
  }
}
