// WRONG (data race): the threads increment the shared bins without atomics or a
// reduction, so concurrent increments of the same bin are lost.
#include <array>
#include <cstddef>
#include <vector>
void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
#pragma omp parallel for
  for (size_t i = 0; i < x.size(); ++i) bins[size_t(x[i] / 10)]++;
}
