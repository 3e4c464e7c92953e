#include <cstddef>
#include <vector>

/* Compute one iteration of a 5-point 2D Jacobi stencil on the N x N grid input
   (row-major), storing the result in output (already sized to N*N). Each output cell is
   the average of the cell itself and its four edge neighbours (above, below, left,
   right): output[i*N+j] = (input[(i-1)*N+j] + input[(i+1)*N+j] + input[i*N+j-1]
   + input[i*N+j+1] + input[i*N+j]) / 5, where neighbours outside the grid count as 0.
   Example: N = 3, input [5,0,0, 0,10,0, 0,0,5] -> output [1,3,0, 3,2,3, 0,3,1]
*/
void jacobi2D(std::vector<double> const& input, std::vector<double>& output, size_t N) {
  for (size_t i = 0; i < N; ++i) {
    for (size_t j = 0; j < N; ++j) {
      double sum = 0.0;
      if (i > 0) sum += input[(i - 1) * N + j];
      if (i + 1 < N) sum += input[(i + 1) * N + j];
      if (j > 0) sum += input[i * N + j - 1];
      if (j + 1 < N) sum += input[i * N + j + 1];
      sum += input[i * N + j];
      output[i * N + j] = sum / 5.0;
    }
  }
}
