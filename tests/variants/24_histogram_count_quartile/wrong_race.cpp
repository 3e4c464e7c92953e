// WRONG (data race): the threads increment the shared bins without atomics or a
// reduction, so concurrent increments of the same bin are lost.
#include <array>
#include <cstddef>
#include <vector>
void countQuartiles(std::vector<double> const& x, std::array<size_t, 4>& bins) {
#pragma omp parallel for
  for (size_t i = 0; i < x.size(); ++i) {
    const double f = x[i] - (int)x[i];
    bins[int(f * 4)]++;
  }
}
