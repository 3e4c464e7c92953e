// WRONG (in place): updates A in place, so each point sees its left neighbour's new
// value (a Gauss-Seidel sweep, not Jacobi), and B only receives a copy of the result.
#include <vector>
void kernel_jacobi_1d(int tsteps, int n, std::vector<double>& A, std::vector<double>& B) {
  for (int t = 0; t < 2 * tsteps; t++)
    for (int i = 1; i < n - 1; i++) A[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
  for (int i = 1; i < n - 1; i++) B[i] = A[i];
}
