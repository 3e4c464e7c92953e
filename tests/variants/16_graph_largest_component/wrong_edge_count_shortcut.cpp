// WRONG (only on some inputs): "a graph with at least N-1 edges is connected" shortcut
// (the true bound is (N-1)(N-2)/2 + 1 edges). Right for connected graphs and for sparse
// ones, wrong for graphs with many edges that are still split into components.
#include <algorithm>
#include <vector>
void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited, int& count) {
  visited[node] = true;
  ++count;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited, count);
}
int largestComponent(std::vector<int> const& A, size_t N) {
  size_t edges = 0;
  for (size_t i = 0; i < N * N; ++i) edges += size_t(A[i]);
  edges /= 2;
  if (N > 0 && edges >= N - 1) return int(N);
  std::vector<bool> visited(N, false);
  int largest = 0;
  for (size_t i = 0; i < N; ++i)
    if (!visited[i]) {
      int count = 0;
      dfs_helper(A, int(i), N, visited, count);
      largest = std::max(largest, count);
    }
  return largest;
}
