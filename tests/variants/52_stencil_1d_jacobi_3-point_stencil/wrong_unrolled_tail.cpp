// WRONG (only on some inputs): the interior is unrolled by 4 and the leftover points are
// dropped, so it is right only when n - 2 is a multiple of 4 (and for n < 3).
#include <vector>
void jacobi1D(std::vector<double> const& input, std::vector<double>& output) {
  const size_t n = input.size();
  if (n == 0) return;
  if (n == 1) { output[0] = input[0] / 3.0; return; }
  output[0] = (input[0] + input[1]) / 3.0;
  size_t i = 1;
  for (; i + 4 <= n - 1; i += 4)
    for (size_t k = i; k < i + 4; ++k) output[k] = (input[k - 1] + input[k] + input[k + 1]) / 3.0;
  output[n - 1] = (input[n - 2] + input[n - 1]) / 3.0;
}
