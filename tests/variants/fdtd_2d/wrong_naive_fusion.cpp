// WRONG (fusion): fuses the three updates into one pass over the rows, but updates
// hz row i in the same iteration as ey row i, before ey row i+1 has its new value, so
// hz uses the previous step's ey[i+1].
#include <vector>
void kernel_fdtd_2d(int tmax, int nx, int ny, std::vector<std::vector<double>>& ex,
                    std::vector<std::vector<double>>& ey, std::vector<std::vector<double>>& hz,
                    std::vector<double>& _fict_) {
  for (int t = 0; t < tmax; t++) {
    for (int i = 0; i < nx; i++) {
      if (i == 0)
        for (int j = 0; j < ny; j++) ey[0][j] = _fict_[t];
      else
        for (int j = 0; j < ny; j++) ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
      for (int j = 1; j < ny; j++) ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
      if (i < nx - 1)
        for (int j = 0; j < ny - 1; j++)
          hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
    }
  }
}
