#include <cstddef>
#include <vector>

/* Return the number of edges in the directed graph with adjacency matrix A.
   A is an N x N 0/1 matrix stored in row-major order: A[i*N+j] == 1 means there is an
   edge from vertex i to vertex j. The matrix need not be symmetric; its diagonal is zero.
   Example: N = 4, A = [[0, 1, 0, 1], [0, 0, 0, 1], [1, 1, 0, 0], [0, 0, 0, 0]] -> output 5
*/
int edgeCount(std::vector<int> const& A, size_t N) {
  int count = 0;
  for (size_t i = 0; i < N; ++i)
    for (size_t j = 0; j < N; ++j)
      if (A[i * N + j] == 1) ++count;
  return count;
}
