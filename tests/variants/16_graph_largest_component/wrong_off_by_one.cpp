// WRONG (off by one): the neighbour scan stops at N-2, so edges to the last vertex are
// never followed and the component containing vertex N-1 is undercounted.
#include <algorithm>
#include <vector>
void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited, int& count) {
  visited[node] = true;
  ++count;
  for (size_t j = 0; j + 1 < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited, count);
}
int largestComponent(std::vector<int> const& A, size_t N) {
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
