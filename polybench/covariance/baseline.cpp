#include <vector>

// covariance: the sample covariance matrix of m variables observed n times.
// data is n x m (row i = observation i, column j = variable j), cov is m x m, mean has
// m elements (all vectors of rows). The kernel computes the column means, centers data
// in place (data[i][j] -= mean[j]), then
//   cov[i][j] = cov[j][i] = sum over k of data[k][i]*data[k][j] / (n - 1).
void kernel_covariance(int m, int n, std::vector<std::vector<double>>& data,
                       std::vector<std::vector<double>>& cov, std::vector<double>& mean) {
  const double float_n = n;

  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++) mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) data[i][j] -= mean[j];

  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < n; k++) cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
}
