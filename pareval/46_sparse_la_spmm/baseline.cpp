#include <algorithm>
#include <cstddef>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

/* Compute the matrix product Y = A*X. A is a sparse MxK matrix and X is a sparse KxN
   matrix, both in COO format: their nonzero entries, sorted by row and then by column,
   with no repeated (row, column) pair. Rows and columns may be empty.
   Y is a dense MxN matrix stored in row-major order; it arrives already sized to M*N
   (with unspecified contents) and every entry must be written (0 where no product
   contributes).
   Example:
   input: A=[{0,0,2}, {0,2,-1}, {1,1,3}] X=[{0,1,4}, {1,0,-2}, {2,1,1}]  (M=2, K=3, N=2)
   output: Y=[[0, 7], [-6, 0]]
*/
void spmm(std::vector<COOElement> const& A, std::vector<COOElement> const& X,
          std::vector<double>& Y, size_t M, size_t K, size_t N) {
  (void)K;
  std::fill(Y.begin(), Y.begin() + M * N, 0.0);
  for (COOElement const& a : A) {
    for (COOElement const& x : X) {
      if (a.column == x.row) {
        Y[a.row * N + x.column] += a.value * x.value;
      }
    }
  }
}
