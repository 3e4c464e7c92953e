#include <cstddef>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

/* Compute y = alpha*A*x + beta*y where alpha and beta are scalars, x and y are vectors,
   and A is a sparse MxN matrix stored in COO format: its nonzero entries, sorted by row
   and then by column, with no repeated (row, column) pair. Rows may be empty.
   x has N elements and y has M elements.
   Example:
   input: alpha=0.5 beta=1.0 A=[{0,1,3}, {1,0,-1}] x=[-4, 2] y=[-1, 1]
   output: y=[2, 3]
*/
void spmv(double alpha, std::vector<COOElement> const& A, std::vector<double> const& x,
          double beta, std::vector<double>& y, size_t M, size_t N) {
  for (size_t i = 0; i < M; ++i) {
    y[i] *= beta;
  }
  for (size_t e = 0; e < A.size(); ++e) {
    y[A[e].row] += alpha * A[e].value * x[A[e].column];
  }
}
