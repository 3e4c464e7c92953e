#include <cmath>
#include <vector>

// correlation: the Pearson correlation matrix of m variables observed n times.
// data is n x m (row i = observation i, column j = variable j), corr is m x m, mean and
// stddev have m elements (all vectors of rows). The kernel computes the column means and
// standard deviations (population, divided by n; a deviation <= 0.1 is replaced by 1 so
// near-constant columns do not blow up), normalizes data in place
//   data[i][j] = (data[i][j] - mean[j]) / (sqrt(n) * stddev[j]),
// and then corr[i][j] = corr[j][i] = sum over k of data[k][i]*data[k][j] (1 on the
// diagonal).
void kernel_correlation(int m, int n, std::vector<std::vector<double>>& data,
                        std::vector<std::vector<double>>& corr, std::vector<double>& mean,
                        std::vector<double>& stddev) {
  const double float_n = n;
  const double eps = 0.1;

  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++) mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++) stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = std::sqrt(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }

  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= std::sqrt(float_n) * stddev[j];
    }

  for (int i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < n; k++) corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
}
