// WRONG (only right when no row is empty): a fused per-row loop that only visits rows
// that have entries, so beta*y is never applied to empty rows.
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmv(double alpha, std::vector<COOElement> const& A, std::vector<double> const& x,
          double beta, std::vector<double>& y, size_t M, size_t N) {
  size_t e = 0;
  while (e < A.size()) {
    const size_t r = A[e].row;
    double sum = 0.0;
    for (; e < A.size() && A[e].row == r; ++e) sum += A[e].value * x[A[e].column];
    y[r] = beta * y[r] + alpha * sum;
  }
}
