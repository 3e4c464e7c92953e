#include <cstddef>
#include <vector>

/* input is an N x N grid of 0s and 1s stored in row-major order. Set output[i*N+j] to 1
   if exactly one of the four edge neighbours of cell (i, j) (above, below, left, right)
   is 1, and to 0 otherwise. The cell itself is not counted; neighbours outside the grid
   count as 0. output arrives already sized to N*N.
   Example: N = 3, input [0,0,0, 0,1,0, 0,0,0] -> output [0,1,0, 1,0,1, 0,1,0]
*/
void cellsXOR(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  for (size_t i = 0; i < N; ++i) {
    for (size_t j = 0; j < N; ++j) {
      int count = 0;
      if (i > 0 && input[(i - 1) * N + j] == 1) ++count;
      if (i + 1 < N && input[(i + 1) * N + j] == 1) ++count;
      if (j > 0 && input[i * N + j - 1] == 1) ++count;
      if (j + 1 < N && input[i * N + j + 1] == 1) ++count;
      output[i * N + j] = (count == 1) ? 1 : 0;
    }
  }
}
