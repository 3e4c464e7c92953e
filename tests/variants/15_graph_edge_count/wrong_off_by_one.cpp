// WRONG (off by one): the column loop stops at N-1, so edges into the last vertex are
// never counted.
#include <vector>
int edgeCount(std::vector<int> const& A, size_t N) {
  int count = 0;
  for (size_t i = 0; i < N; ++i)
    for (size_t j = 0; j + 1 < N; ++j)
      if (A[i * N + j] == 1) ++count;
  return count;
}
