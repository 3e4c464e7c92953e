// WRONG (only on some inputs): one pass of "a vertex starts a new component unless it has
// a neighbour with a smaller index". Right when every component's vertices are reachable
// through increasing labels (e.g. trees numbered in DFS order), wrong when labels are
// scattered: a vertex can have only larger-index neighbours and still belong to an
// earlier component.
#include <vector>
void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited) {
  visited[node] = true;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited);
}
int componentCount(std::vector<int> const& A, size_t N) {
  int count = 0;
  for (size_t i = 0; i < N; ++i) {
    bool has_lower = false;
    for (size_t j = 0; j < i && !has_lower; ++j) has_lower = A[i * N + j] == 1;
    if (!has_lower) ++count;
  }
  return count;
}
