// WRONG (missing reduction): parallelizes the sum over observations of each correlation
// entry, accumulating into corr[i][j] from all threads at once.
#include <cmath>
#include <vector>
void kernel_correlation(int m, int n, std::vector<std::vector<double>>& data,
                        std::vector<std::vector<double>>& corr, std::vector<double>& mean,
                        std::vector<double>& stddev) {
  for (int j = 0; j < m; j++) {
    double s = 0.0, q = 0.0;
    for (int i = 0; i < n; i++) s += data[i][j];
    mean[j] = s / n;
    for (int i = 0; i < n; i++) q += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    const double sd = std::sqrt(q / n);
    stddev[j] = sd <= 0.1 ? 1.0 : sd;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) data[i][j] = (data[i][j] - mean[j]) / (std::sqrt(double(n)) * stddev[j]);
  for (int i = 0; i < m; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
#pragma omp parallel for
      for (int k = 0; k < n; k++) corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
}
