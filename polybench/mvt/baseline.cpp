#include <vector>

/* mvt: two matrix-vector products accumulated into their outputs,
   x1 := x1 + A * y_1 and x2 := x2 + A^T * y_2, with A an n x n matrix (a vector of rows)
   and all vectors of length n. */
void kernel_mvt(int n, std::vector<double>& x1, std::vector<double>& x2,
                std::vector<double>& y_1, std::vector<double>& y_2,
                std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      x1[i] += A[i][j] * y_1[j];
    }
  }
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      x2[i] += A[j][i] * y_2[j];
    }
  }
}
