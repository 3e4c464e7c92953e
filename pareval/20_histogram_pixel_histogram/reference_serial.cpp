#include <array>
#include <cstddef>
#include <vector>

// Serial reference. In the baseline, neighbouring pixels of an image often have the same
// value, so consecutive increments hit the same counter in memory and form a chain of
// dependent load-add-store operations (store-to-load forwarding latency per pixel).
// Four private sets of counters, one per unrolled lane, break these chains; the sets are
// added into bins once at the end.
void pixelCounts(std::vector<int> const& image, std::array<size_t, 256>& bins) {
  const size_t n = image.size();
  const int* p = image.data();
  size_t c[4][256] = {};
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    ++c[0][p[i]];
    ++c[1][p[i + 1]];
    ++c[2][p[i + 2]];
    ++c[3][p[i + 3]];
  }
  for (; i < n; ++i) ++c[0][p[i]];
  for (int k = 0; k < 256; ++k) bins[k] += c[0][k] + c[1][k] + c[2][k] + c[3][k];
}
