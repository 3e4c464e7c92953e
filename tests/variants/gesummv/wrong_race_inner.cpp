// WRONG (missing reduction): parallelizes the inner dot-product loop with shared sums,
// so concurrent read-modify-writes of tmp[i] and y[i] lose updates.
#include <vector>
void kernel_gesummv(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                    std::vector<std::vector<double>>& B, std::vector<double>& tmp,
                    std::vector<double>& x, std::vector<double>& y) {
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
#pragma omp parallel for
    for (int j = 0; j < n; j++) {
      tmp[i] += A[i][j] * x[j];
      y[i] += B[i][j] * x[j];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}
