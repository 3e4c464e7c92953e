// WRONG (data race): start vertices are split across threads sharing one unsynchronised
// visited array, so two threads can both see a component as new and count it twice
// (and concurrent vector<bool> writes can lose marks).
#include <vector>
void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited) {
  visited[node] = true;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited);
}
int componentCount(std::vector<int> const& A, size_t N) {
  std::vector<bool> visited(N, false);
  int count = 0;
  const long n = long(N);
#pragma omp parallel for schedule(static) reduction(+ : count)
  for (long i = 0; i < n; ++i)
    if (!visited[i]) {
      dfs_helper(A, int(i), N, visited);
      ++count;
    }
  return count;
}
