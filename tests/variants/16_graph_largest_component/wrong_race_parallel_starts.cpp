// WRONG (data race): start vertices are split across threads that share one visited
// array without synchronisation, so two threads can explore the same component at once
// and each counts only part of it (and concurrent vector<bool> writes can lose marks).
#include <algorithm>
#include <vector>
void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited, int& count) {
  visited[node] = true;
  ++count;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited, count);
}
int largestComponent(std::vector<int> const& A, size_t N) {
  std::vector<bool> visited(N, false);
  int largest = 0;
  const long n = long(N);
#pragma omp parallel for schedule(static) reduction(max : largest)
  for (long i = 0; i < n; ++i)
    if (!visited[i]) {
      int count = 0;
      dfs_helper(A, int(i), N, visited, count);
      largest = std::max(largest, count);
    }
  return largest;
}
