// WRONG (off by one): the loop starts at index 1, so the first string is never counted.
#include <array>
#include <string>
#include <vector>
void firstLetterCounts(std::vector<std::string> const& s, std::array<size_t, 26>& bins) {
  for (size_t i = 1; i < s.size(); ++i) bins[s[i][0] - 'a']++;
}
