#include <array>
#include <cstddef>
#include <string>
#include <vector>

// Serial reference. The baseline increments bins[] in memory, so runs of the same first
// letter form a chain of dependent load-add-store operations on one counter. Here four
// private sets of counters (one per unrolled lane) break those chains, the letter is
// mapped to a counter with `c & 31` (1..26 for 'a'..'z'), and the four sets are added
// to bins once at the end.
void firstLetterCounts(std::vector<std::string> const& s, std::array<size_t, 26>& bins) {
  const size_t n = s.size();
  const std::string* p = s.data();
  size_t c[4][32] = {};
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    ++c[0][static_cast<unsigned char>(p[i].data()[0]) & 31];
    ++c[1][static_cast<unsigned char>(p[i + 1].data()[0]) & 31];
    ++c[2][static_cast<unsigned char>(p[i + 2].data()[0]) & 31];
    ++c[3][static_cast<unsigned char>(p[i + 3].data()[0]) & 31];
  }
  for (; i < n; ++i) ++c[0][static_cast<unsigned char>(p[i].data()[0]) & 31];
  for (int k = 0; k < 26; ++k) bins[k] += c[0][k + 1] + c[1][k + 1] + c[2][k + 1] + c[3][k + 1];
}
