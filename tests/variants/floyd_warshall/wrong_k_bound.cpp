// WRONG (off by one): the last vertex is never used as an intermediate (k < n - 1).
#include <algorithm>
#include <vector>
void kernel_floyd_warshall(int n, std::vector<std::vector<int>>& path) {
  for (int k = 0; k < n - 1; k++) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) {
      const int aik = path[i][k];
      for (int j = 0; j < n; j++) path[i][j] = std::min(path[i][j], aik + path[k][j]);
    }
  }
}
