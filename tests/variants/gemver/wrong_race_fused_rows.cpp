// WRONG (data race): fuses the A update with x += beta*A^T*y and splits the rows between
// threads, so all threads read-modify-write the same x[j] and updates are lost.
#include <vector>
void kernel_gemver(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                   std::vector<double>& u1, std::vector<double>& v1, std::vector<double>& u2,
                   std::vector<double>& v2, std::vector<double>& w, std::vector<double>& x,
                   std::vector<double>& y, std::vector<double>& z) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] += u1[i] * v1[j] + u2[i] * v2[j];
      x[j] += beta * A[i][j] * y[i];
    }
  for (int i = 0; i < n; i++) x[i] += z[i];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) w[i] += alpha * A[i][j] * x[j];
}
