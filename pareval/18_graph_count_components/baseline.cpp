#include <cstddef>
#include <vector>

void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited) {
  visited[node] = true;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited);
}

/* Return the number of connected components of the undirected graph with adjacency
   matrix A. A is an N x N 0/1 matrix stored in row-major order, symmetric
   (A[i*N+j] == A[j*N+i]), with zeros on the diagonal. An isolated vertex is a
   component of its own.
   Example: N = 5, edges 0-1, 1-2, 3-4 (A[0*5+1] = A[1*5+0] = 1, ...) -> output 2
*/
int componentCount(std::vector<int> const& A, size_t N) {
  std::vector<bool> visited(N, false);
  int count = 0;
  for (size_t i = 0; i < N; ++i) {
    if (!visited[i]) {
      dfs_helper(A, int(i), N, visited);
      ++count;
    }
  }
  return count;
}
