// WRONG (data race): the nonzeros are shared out dynamically between threads, and
// y[row] += ... is not atomic, so two threads working on the same row lose updates.
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmv(double alpha, std::vector<COOElement> const& A, std::vector<double> const& x,
          double beta, std::vector<double>& y, size_t M, size_t N) {
#pragma omp parallel for
  for (size_t i = 0; i < M; ++i) y[i] *= beta;
#pragma omp parallel for schedule(dynamic)
  for (size_t e = 0; e < A.size(); ++e) y[A[e].row] += alpha * A[e].value * x[A[e].column];
}
