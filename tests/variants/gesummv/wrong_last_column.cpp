// WRONG (off by one): the inner loop stops at n-1 and drops the last column of A and B.
#include <vector>
void kernel_gesummv(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                    std::vector<std::vector<double>>& B, std::vector<double>& tmp,
                    std::vector<double>& x, std::vector<double>& y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double sa = 0.0, sb = 0.0;
    for (int j = 0; j < n - 1; j++) {
      sa += A[i][j] * x[j];
      sb += B[i][j] * x[j];
    }
    tmp[i] = sa;
    y[i] = alpha * sa + beta * sb;
  }
}
