// WRONG (only on some inputs): tests the XOR of the four neighbours (an odd count)
// instead of "exactly one"; right unless a cell has three live neighbours.
#include <vector>
void cellsXOR(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  for (size_t i = 0; i < N; ++i)
    for (size_t j = 0; j < N; ++j) {
      int x = 0;
      if (i > 0) x ^= input[(i - 1) * N + j];
      if (i + 1 < N) x ^= input[(i + 1) * N + j];
      if (j > 0) x ^= input[i * N + j - 1];
      if (j + 1 < N) x ^= input[i * N + j + 1];
      output[i * N + j] = x;
    }
}
