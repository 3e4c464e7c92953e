#include <vector>

/* floyd_warshall: all-pairs shortest paths on a directed graph of n vertices. On entry
   path[i][j] is the weight of the edge i -> j (a large value where there is no edge);
   on return it is the length of the shortest path from i to j. For every intermediate
   vertex k in turn, each entry is relaxed through k. */
void kernel_floyd_warshall(int n, std::vector<std::vector<int>>& path) {
  for (int k = 0; k < n; k++) {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (path[i][k] + path[k][j] < path[i][j]) {
          path[i][j] = path[i][k] + path[k][j];
        }
      }
    }
  }
}
