// WRONG (missing reduction): parallelizes the sum over observations of each column mean
// with a shared accumulator, so concurrent updates of mean[j] are lost.
#include <vector>
void kernel_covariance(int m, int n, std::vector<std::vector<double>>& data,
                       std::vector<std::vector<double>>& cov, std::vector<double>& mean) {
  for (int j = 0; j < m; j++) mean[j] = 0.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) mean[j] += data[i][j];
  for (int j = 0; j < m; j++) mean[j] /= n;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) data[i][j] -= mean[j];
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++) s += data[k][i] * data[k][j];
      cov[i][j] = cov[j][i] = s / (n - 1.0);
    }
}
