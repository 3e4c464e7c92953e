// WRONG (off by one): the loop stops one pixel early, so the last pixel is never counted.
#include <array>
#include <cstddef>
#include <vector>
void pixelCounts(std::vector<int> const& image, std::array<size_t, 256>& bins) {
  for (size_t i = 0; i + 1 < image.size(); ++i) bins[image[i]]++;
}
