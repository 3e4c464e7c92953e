// WRONG (off by one): the neighbour scan stops at N-2, so edges to the last vertex are
// never followed (paths through or to vertex N-1 are missed).
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
    for (size_t j = 0; j + 1 < N; ++j)
      if (A[node * N + j] == 1 && !visited[j]) {
        visited[j] = true;
        q.push({int(j), dist + 1});
      }
  }
  return INT_MAX;
}
