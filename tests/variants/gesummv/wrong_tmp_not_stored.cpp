// WRONG (scratch output dropped): computes y correctly in locals but never writes tmp,
// which the signature exposes and the original kernel fills with A*x.
#include <vector>
void kernel_gesummv(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                    std::vector<std::vector<double>>& B, std::vector<double>& tmp,
                    std::vector<double>& x, std::vector<double>& y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double sa = 0.0, sb = 0.0;
    for (int j = 0; j < n; j++) {
      sa += A[i][j] * x[j];
      sb += B[i][j] * x[j];
    }
    y[i] = alpha * sa + beta * sb;
  }
}
