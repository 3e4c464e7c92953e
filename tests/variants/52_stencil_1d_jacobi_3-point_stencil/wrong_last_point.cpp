// WRONG (off by one): the loop stops at n - 1, so the last output element is never written.
#include <vector>
void jacobi1D(std::vector<double> const& input, std::vector<double>& output) {
  const size_t n = input.size();
  for (size_t i = 0; i + 1 < n; ++i) {
    double s = input[i] + input[i + 1];
    if (i > 0) s += input[i - 1];
    output[i] = s / 3.0;
  }
}
