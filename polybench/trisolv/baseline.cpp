#include <vector>

/* trisolv: forward substitution, solves L * x = b for x, where L is an n x n lower
   triangular matrix (a vector of rows; only j <= i is used) and b has n entries. */
void kernel_trisolv(int n, std::vector<std::vector<double>>& L, std::vector<double>& x,
                    std::vector<double>& b) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++) {
      x[i] -= L[i][j] * x[j];
    }
    x[i] = x[i] / L[i][i];
  }
}
