// WRONG (in place): both half-steps write the grid they read, so points see their
// upper and left neighbours' new values; B only gets a copy of the final A.
#include <vector>
void kernel_jacobi_2d(int tsteps, int n, std::vector<std::vector<double>>& A,
                      std::vector<std::vector<double>>& B) {
  for (int t = 0; t < 2 * tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) B[i][j] = A[i][j];
}
