// WRONG (only right when no row of A is empty): zeroes and fills only the rows of Y that
// have entries in A; rows of Y for empty rows of A keep whatever Y held on arrival.
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmm(std::vector<COOElement> const& A, std::vector<COOElement> const& X,
          std::vector<double>& Y, size_t M, size_t K, size_t N) {
  (void)M;
  std::vector<size_t> xs(K + 1, 0);
  for (auto const& x : X) ++xs[x.row + 1];
  for (size_t k = 0; k < K; ++k) xs[k + 1] += xs[k];
  for (size_t i = 0; i < A.size(); ++i) {
    if (i == 0 || A[i].row != A[i - 1].row)
      for (size_t c = 0; c < N; ++c) Y[A[i].row * N + c] = 0.0;
    for (size_t j = xs[A[i].column]; j < xs[A[i].column + 1]; ++j)
      Y[A[i].row * N + X[j].column] += A[i].value * X[j].value;
  }
}
