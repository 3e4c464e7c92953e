// WRONG (off by one): the left neighbour is tested with j > 1, so cells in column 1 never
// add their left neighbour (column 0).
#include <vector>
void jacobi2D(std::vector<double> const& input, std::vector<double>& output, size_t N) {
  for (size_t i = 0; i < N; ++i)
    for (size_t j = 0; j < N; ++j) {
      double s = input[i * N + j];
      if (i > 0) s += input[(i - 1) * N + j];
      if (i + 1 < N) s += input[(i + 1) * N + j];
      if (j > 1) s += input[i * N + j - 1];
      if (j + 1 < N) s += input[i * N + j + 1];
      output[i * N + j] = s / 5.0;
    }
}
