#include <algorithm>
#include <cstddef>
#include <vector>

/* Return the highest vertex degree in the undirected graph with adjacency matrix A.
   A is an N x N 0/1 matrix stored in row-major order, symmetric (A[i*N+j] == A[j*N+i]),
   with zeros on the diagonal. The degree of vertex i is the number of its neighbours.
   An empty graph (N = 0) has highest degree 0.
   Example: N = 4, edges 0-1, 0-2, 0-3, 2-3 -> output 3 (vertex 0)
*/
int maxDegree(std::vector<int> const& A, size_t N) {
  int highest = 0;
  for (size_t i = 0; i < N; ++i) {
    int degree = 0;
    for (size_t j = 0; j < N; ++j)
      if (A[i * N + j] == 1) ++degree;
    highest = std::max(highest, degree);
  }
  return highest;
}
