#include <cstddef>
#include <vector>

/* Compute one iteration of a 3-point 1D Jacobi stencil on input, storing the result in
   output (already sized to input.size()):
   output[i] = (input[i-1] + input[i] + input[i+1]) / 3,
   where values past either end of input count as 0.
   Example: input [9, -6, -1, 2, 3] -> output [1, 2/3, -5/3, 4/3, 5/3]
*/
void jacobi1D(std::vector<double> const& input, std::vector<double>& output) {
  const size_t n = input.size();
  for (size_t i = 0; i < n; ++i) {
    double sum = 0.0;
    if (i > 0) sum += input[i - 1];
    sum += input[i];
    if (i + 1 < n) sum += input[i + 1];
    output[i] = sum / 3.0;
  }
}
