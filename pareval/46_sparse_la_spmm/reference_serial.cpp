#include <cstddef>
#include <cstring>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

// Serial reference: row-by-row (Gustavson) product. Because X is sorted by row, the
// entries of X's row k are one contiguous range; a row-pointer array (one counting pass
// over X) finds it in O(1). Each nonzero A[i][k] then touches only X's row k, so the work
// is O(M*N + sum over A's entries of |row k of X|) instead of O(nnz(A) * nnz(X)), and the
// scattered updates stay inside one row of Y (hot in cache).
void spmm(std::vector<COOElement> const& A, std::vector<COOElement> const& X,
          std::vector<double>& Y, size_t M, size_t K, size_t N) {
  std::vector<size_t> xs(K + 1, 0);
  for (size_t j = 0; j < X.size(); ++j) ++xs[X[j].row + 1];
  for (size_t k = 0; k < K; ++k) xs[k + 1] += xs[k];
  double* y = Y.data();
  if (M * N) std::memset(y, 0, M * N * sizeof(double));
  const COOElement* x = X.data();
  for (size_t i = 0; i < A.size(); ++i) {
    const COOElement a = A[i];
    double* yr = y + a.row * N;
    for (size_t j = xs[a.column], e = xs[a.column + 1]; j < e; ++j)
      yr[x[j].column] += a.value * x[j].value;
  }
}
