#include <cstddef>
#include <vector>

/* Simulate one generation of Conway's Game of Life on an N x N grid.
   input and output are N x N 0/1 grids stored in row-major order (1 = alive); output
   arrives already sized to N*N. Cells outside the grid are dead. A live cell with 2 or 3
   live neighbours (of its 8) stays alive, a dead cell with exactly 3 becomes alive, every
   other cell is dead in the next generation.
   Example: N = 3, input [0,1,0, 0,1,0, 0,1,0] -> output [0,0,0, 1,1,1, 0,0,0]
*/
void gameOfLife(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  const long n = long(N);
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      int neighbours = 0;
      for (long di = -1; di <= 1; ++di) {
        for (long dj = -1; dj <= 1; ++dj) {
          if (di == 0 && dj == 0) continue;
          const long r = i + di, c = j + dj;
          if (r >= 0 && r < n && c >= 0 && c < n) neighbours += input[r * n + c];
        }
      }
      if (input[i * n + j] == 1)
        output[i * n + j] = (neighbours == 2 || neighbours == 3) ? 1 : 0;
      else
        output[i * n + j] = (neighbours == 3) ? 1 : 0;
    }
  }
}
