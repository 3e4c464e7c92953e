// WRONG (coefficient): "fixes" PolyBench's weight 0.33333 to the exact 1/3. Each
// half-step then differs by ~1e-5 relative, far more than rounding.
#include <vector>
void kernel_jacobi_1d(int tsteps, int n, std::vector<double>& A, std::vector<double>& B) {
  const double w = 1.0 / 3.0;
  for (int t = 0; t < tsteps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++) B[i] = w * (A[i - 1] + A[i] + A[i + 1]);
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++) A[i] = w * (B[i - 1] + B[i] + B[i + 1]);
  }
}
