// WRONG (different update order): a red-black ordering (all points with i+j even, then
// all with i+j odd, each colour in parallel). It is a valid smoother but not the
// lexicographic Gauss-Seidel sweep: with the 9-point stencil, points of one colour also
// read each other, and the values differ from the row-by-row order.
#include <vector>
void kernel_seidel_2d(int tsteps, int n, std::vector<std::vector<double>>& A) {
  for (int t = 0; t < tsteps; t++)
    for (int colour = 0; colour < 2; colour++) {
#pragma omp parallel for
      for (int i = 1; i <= n - 2; i++)
        for (int j = 1 + (i + colour) % 2; j <= n - 2; j += 2)
          A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                     A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
    }
}
