// WRONG (population instead of sample covariance): divides by n instead of n - 1.
#include <vector>
void kernel_covariance(int m, int n, std::vector<std::vector<double>>& data,
                       std::vector<std::vector<double>>& cov, std::vector<double>& mean) {
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++) mean[j] += data[i][j];
    mean[j] /= n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) data[i][j] -= mean[j];
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++) s += data[k][i] * data[k][j];
      cov[i][j] = cov[j][i] = s / n;
    }
}
