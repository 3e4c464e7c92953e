// WRONG (data race): the entries of A are shared out dynamically between threads, and
// the updates Y[row][col] += ... are not atomic, so two threads working on entries of the
// same row of A lose updates.
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmm(std::vector<COOElement> const& A, std::vector<COOElement> const& X,
          std::vector<double>& Y, size_t M, size_t K, size_t N) {
  std::vector<size_t> xs(K + 1, 0);
  for (auto const& x : X) ++xs[x.row + 1];
  for (size_t k = 0; k < K; ++k) xs[k + 1] += xs[k];
#pragma omp parallel for
  for (size_t i = 0; i < M * N; ++i) Y[i] = 0.0;
#pragma omp parallel for schedule(dynamic, 1)
  for (size_t i = 0; i < A.size(); ++i)
    for (size_t j = xs[A[i].column]; j < xs[A[i].column + 1]; ++j)
      Y[A[i].row * N + X[j].column] += A[i].value * X[j].value;
}
