// WRONG (in-place output dropped): computes cov from centered values on the fly but
// leaves data uncentered, although the kernel must center data in place.
#include <vector>
void kernel_covariance(int m, int n, std::vector<std::vector<double>>& data,
                       std::vector<std::vector<double>>& cov, std::vector<double>& mean) {
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++) mean[j] += data[i][j];
    mean[j] /= n;
  }
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++) s += (data[k][i] - mean[i]) * (data[k][j] - mean[j]);
      cov[i][j] = cov[j][i] = s / (n - 1.0);
    }
}
