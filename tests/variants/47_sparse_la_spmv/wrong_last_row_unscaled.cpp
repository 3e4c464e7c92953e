// WRONG (off by one): the beta scaling loop stops one row early, so y[M-1] is never
// multiplied by beta.
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmv(double alpha, std::vector<COOElement> const& A, std::vector<double> const& x,
          double beta, std::vector<double>& y, size_t M, size_t N) {
  for (size_t i = 0; i + 1 < M; ++i) y[i] *= beta;
  for (auto const& e : A) y[e.row] += alpha * e.value * x[e.column];
}
