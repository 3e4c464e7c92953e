#include <climits>
#include <cstddef>
#include <queue>
#include <utility>
#include <vector>

/* Return the length (number of edges) of a shortest path from vertex source to vertex dest
   in the undirected graph with adjacency matrix A. A is an N x N 0/1 matrix stored in
   row-major order, symmetric (A[i*N+j] == A[j*N+i]), with zeros on the diagonal.
   0 <= source, dest < N. If source == dest, return 0; if dest cannot be reached from
   source, return INT_MAX.
   Example: N = 5, edges 0-1, 1-2, 2-4, 0-3, 3-4, source = 0, dest = 4 -> output 2 (0-3-4)
*/
int shortestPathLength(std::vector<int> const& A, size_t N, int source, int dest) {
  std::vector<bool> visited(N, false);
  std::queue<std::pair<int, int>> queue;  // (vertex, distance from source)
  visited[source] = true;
  queue.push({source, 0});
  while (!queue.empty()) {
    const auto [node, dist] = queue.front();
    queue.pop();
    if (node == dest) return dist;
    for (size_t j = 0; j < N; ++j) {
      if (A[node * N + j] == 1 && !visited[j]) {
        visited[j] = true;
        queue.push({int(j), dist + 1});
      }
    }
  }
  return INT_MAX;
}
