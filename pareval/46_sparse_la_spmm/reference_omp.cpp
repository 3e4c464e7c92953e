#include <omp.h>
#include <cstddef>
#include <cstring>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

// OpenMP reference: the serial reference's row-by-row product, parallel over the rows
// of Y. A's row pointers come from one counting pass (A is sorted by row); each thread
// takes whole rows of Y (dynamic chunks, since row lengths vary), zeroes them and adds
// the products of that row's entries. Every Y row is written by exactly one thread: no
// atomics, no race, correct for any thread count.
void spmm(std::vector<COOElement> const& A, std::vector<COOElement> const& X,
          std::vector<double>& Y, size_t M, size_t K, size_t N) {
  std::vector<size_t> xs(K + 1, 0), as(M + 1, 0);
  for (size_t j = 0; j < X.size(); ++j) ++xs[X[j].row + 1];
  for (size_t i = 0; i < A.size(); ++i) ++as[A[i].row + 1];
  for (size_t k = 0; k < K; ++k) xs[k + 1] += xs[k];
  for (size_t r = 0; r < M; ++r) as[r + 1] += as[r];
  double* y = Y.data();
  const COOElement* x = X.data();
  const COOElement* a = A.data();
  const long long rows = (long long)M;
#pragma omp parallel for schedule(dynamic, 16) if (M * N + A.size() > 100000)
  for (long long r = 0; r < rows; ++r) {
    double* yr = y + size_t(r) * N;
    if (N) std::memset(yr, 0, N * sizeof(double));
    for (size_t i = as[r]; i < as[r + 1]; ++i) {
      const double v = a[i].value;
      for (size_t j = xs[a[i].column], e = xs[a[i].column + 1]; j < e; ++j)
        yr[x[j].column] += v * x[j].value;
    }
  }
}
