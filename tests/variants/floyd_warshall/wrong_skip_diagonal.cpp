// WRONG (textbook habit): treats the diagonal as distance 0 and never relaxes it, but
// the input keeps self-loop weights there, so the shortest cycles through i are lost.
#include <algorithm>
#include <vector>
void kernel_floyd_warshall(int n, std::vector<std::vector<int>>& path) {
  for (int k = 0; k < n; k++) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++) {
      const int aik = path[i][k];
      for (int j = 0; j < n; j++)
        if (j != i) path[i][j] = std::min(path[i][j], aik + path[k][j]);
    }
  }
}
