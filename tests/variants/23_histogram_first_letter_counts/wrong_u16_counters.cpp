// WRONG (only for large inputs): counts into 16-bit local counters to keep them in one
// cache line; a letter that starts more than 65535 strings wraps around.
#include <array>
#include <cstdint>
#include <string>
#include <vector>
void firstLetterCounts(std::vector<std::string> const& s, std::array<size_t, 26>& bins) {
  uint16_t local[26] = {};
  for (auto const& str : s) ++local[str[0] - 'a'];
  for (int k = 0; k < 26; ++k) bins[k] += local[k];
}
