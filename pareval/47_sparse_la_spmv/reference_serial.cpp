#include <cstddef>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

// Serial reference: one fused pass. Because the entries are sorted by row, each row's
// products are summed in a register and y[r] is read and written once
// (y[r] = beta*y[r] + alpha*sum) instead of being scaled in a separate pass and then
// read-modified-written once per nonzero; alpha is applied once per row, not per entry.
void spmv(double alpha, std::vector<COOElement> const& A, std::vector<double> const& x,
          double beta, std::vector<double>& y, size_t M, size_t N) {
  (void)N;
  const COOElement* a = A.data();
  const size_t nnz = A.size();
  const double* xv = x.data();
  double* yv = y.data();
  size_t e = 0;
  for (size_t r = 0; r < M; ++r) {
    double sum = 0.0;
    for (; e < nnz && a[e].row == r; ++e) sum += a[e].value * xv[a[e].column];
    yv[r] = beta * yv[r] + alpha * sum;
  }
}
