// WRONG (off by one): the test for the neighbour below is i + 1 < N - 1, so the last row
// is never counted as the lower neighbour of the row above it.
#include <vector>
void cellsXOR(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  for (size_t i = 0; i < N; ++i)
    for (size_t j = 0; j < N; ++j) {
      int count = 0;
      if (i > 0 && input[(i - 1) * N + j] == 1) ++count;
      if (i + 1 < N - 1 && input[(i + 1) * N + j] == 1) ++count;
      if (j > 0 && input[i * N + j - 1] == 1) ++count;
      if (j + 1 < N && input[i * N + j + 1] == 1) ++count;
      output[i * N + j] = count == 1 ? 1 : 0;
    }
}
