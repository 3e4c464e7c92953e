// WRONG (only right when M <= N): scales y over N entries instead of M, assuming a
// square matrix; rows N..M-1 keep their unscaled y.
#include <algorithm>
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmv(double alpha, std::vector<COOElement> const& A, std::vector<double> const& x,
          double beta, std::vector<double>& y, size_t M, size_t N) {
  for (size_t i = 0; i < std::min(N, y.size()); ++i) y[i] *= beta;
  for (auto const& e : A) y[e.row] += alpha * e.value * x[e.column];
}
