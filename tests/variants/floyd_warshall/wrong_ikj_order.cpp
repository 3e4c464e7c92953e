// WRONG (loop order): puts the intermediate vertex k inside the row loop (i-k-j), so
// row i is finished before the rows it relies on have seen the later vertices; parallel
// over rows, which looks legal in this order.
#include <algorithm>
#include <vector>
void kernel_floyd_warshall(int n, std::vector<std::vector<int>>& path) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++) path[i][j] = std::min(path[i][j], path[i][k] + path[k][j]);
}
