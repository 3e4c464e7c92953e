// WRONG (missing term): forgets to add z to x, so x and w are both off.
#include <vector>
void kernel_gemver(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                   std::vector<double>& u1, std::vector<double>& v1, std::vector<double>& u2,
                   std::vector<double>& v2, std::vector<double>& w, std::vector<double>& x,
                   std::vector<double>& y, std::vector<double>& z) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) A[i][j] += u1[i] * v1[j] + u2[i] * v2[j];
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) x[i] += beta * A[j][i] * y[j];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) w[i] += alpha * A[i][j] * x[j];
}
