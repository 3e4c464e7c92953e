// WRONG (only on some inputs): components = vertices - edges, which holds only for
// forests (graphs without cycles). Right for very sparse random graphs, wrong as soon as
// some component has a cycle.
#include <vector>
void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited) {
  visited[node] = true;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited);
}
int componentCount(std::vector<int> const& A, size_t N) {
  long edges = 0;
  for (size_t i = 0; i < N; ++i)
    for (size_t j = i + 1; j < N; ++j) edges += A[i * N + j];
  return int(long(N) - edges);
}
