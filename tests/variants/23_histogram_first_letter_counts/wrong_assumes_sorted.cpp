// WRONG (only on some inputs): counts runs of equal first letters and assumes the
// strings are grouped by letter; each bin gets only the length of the last run.
#include <array>
#include <string>
#include <vector>
void firstLetterCounts(std::vector<std::string> const& s, std::array<size_t, 26>& bins) {
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j][0] == s[i][0]) ++j;
    bins[s[i][0] - 'a'] = j - i;
    i = j;
  }
}
