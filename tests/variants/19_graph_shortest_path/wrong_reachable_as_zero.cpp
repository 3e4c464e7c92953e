// WRONG (only on some inputs): returns 0 when dest is unreachable (confusing "no path"
// with "same vertex"); right whenever a path exists.
#include <climits>
#include <queue>
#include <utility>
#include <vector>
int shortestPathLength(std::vector<int> const& A, size_t N, int source, int dest) {
  std::vector<bool> visited(N, false);
  std::queue<std::pair<int, int>> q;
  visited[source] = true;
  q.push({source, 0});
  while (!q.empty()) {
    const auto [node, dist] = q.front();
    q.pop();
    if (node == dest) return dist;
    for (size_t j = 0; j < N; ++j)
      if (A[node * N + j] == 1 && !visited[j]) {
        visited[j] = true;
        q.push({int(j), dist + 1});
      }
  }
  return 0;
}
