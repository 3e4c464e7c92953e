#include <vector>

/* jacobi_1d: tsteps time steps of the 1-D Jacobi 3-point average on arrays of n points.
   Each time step makes two half-steps over the interior 1 .. n-2 (the end points are
   fixed boundary values): B <- average of A's neighbourhood, then A <- average of B's
   neighbourhood. The weight is PolyBench's 0.33333 (not exactly 1/3). */
void kernel_jacobi_1d(int tsteps, int n, std::vector<double>& A, std::vector<double>& B) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++) {
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    }
    for (int i = 1; i < n - 1; i++) {
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
  }
}
