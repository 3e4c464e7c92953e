// WRONG (only on some inputs): depth-first search, returning the depth at which dest is
// first found. The first path DFS finds is a shortest one only when the graph has no
// shorter alternative (trees, single paths), not in general.
#include <climits>
#include <utility>
#include <vector>
int shortestPathLength(std::vector<int> const& A, size_t N, int source, int dest) {
  std::vector<bool> visited(N, false);
  std::vector<std::pair<int, int>> stack{{source, 0}};
  while (!stack.empty()) {
    const auto [node, dist] = stack.back();
    stack.pop_back();
    if (visited[node]) continue;
    visited[node] = true;
    if (node == dest) return dist;
    for (size_t j = 0; j < N; ++j)
      if (A[node * N + j] == 1 && !visited[j]) stack.push_back({int(j), dist + 1});
  }
  return INT_MAX;
}
