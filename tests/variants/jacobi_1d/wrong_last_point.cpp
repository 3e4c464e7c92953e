// WRONG (off by one): the loops stop at n-3, so the last interior point n-2 is never
// updated in either array.
#include <vector>
void kernel_jacobi_1d(int tsteps, int n, std::vector<double>& A, std::vector<double>& B) {
  for (int t = 0; t < tsteps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 2; i++) B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma omp parallel for
    for (int i = 1; i < n - 2; i++) A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}
