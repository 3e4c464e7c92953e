// WRONG (only for large inputs): counts into 16-bit local counters to keep the table
// small; a grey level with more than 65535 pixels wraps around.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>
void pixelCounts(std::vector<int> const& image, std::array<size_t, 256>& bins) {
  uint16_t local[256] = {};
  for (int v : image) ++local[v];
  for (int k = 0; k < 256; ++k) bins[k] += local[k];
}
