// WRONG (off by one): the neighbour scan stops at N-2, so edges to the last vertex are
// never followed and its component can be counted twice.
#include <vector>
void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited) {
  visited[node] = true;
  for (size_t j = 0; j + 1 < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited);
}
int componentCount(std::vector<int> const& A, size_t N) {
  std::vector<bool> visited(N, false);
  int count = 0;
  for (size_t i = 0; i < N; ++i)
    if (!visited[i]) {
      dfs_helper(A, int(i), N, visited);
      ++count;
    }
  return count;
}
