// WRONG (data race): the threads increment the shared bins without atomics or a
// reduction, so concurrent increments of the same bin are lost.
#include <array>
#include <cstddef>
#include <vector>
void pixelCounts(std::vector<int> const& image, std::array<size_t, 256>& bins) {
#pragma omp parallel for
  for (size_t i = 0; i < image.size(); ++i) bins[image[i]]++;
}
