// WRONG (off by one): an end-of-range test "a.column + 1 >= K" meant as a bounds guard
// skips every entry of A in the last column (k = K-1), as if X's last row were empty,
// so the products with X's last row are lost.
#include <cstring>
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmm(std::vector<COOElement> const& A, std::vector<COOElement> const& X,
          std::vector<double>& Y, size_t M, size_t K, size_t N) {
  std::vector<size_t> xs(K + 1, 0);
  for (auto const& x : X) ++xs[x.row + 1];
  for (size_t k = 0; k < K; ++k) xs[k + 1] += xs[k];
  for (size_t i = 0; i < M * N; ++i) Y[i] = 0.0;
  for (auto const& a : A) {
    if (a.column + 1 >= K) continue;  // bug: skips row K-1 of X
    for (size_t j = xs[a.column]; j < xs[a.column + 1]; ++j)
      Y[a.row * N + X[j].column] += a.value * X[j].value;
  }
}
