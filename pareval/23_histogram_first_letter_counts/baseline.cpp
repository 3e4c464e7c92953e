#include <array>
#include <cstddef>
#include <string>
#include <vector>

/* For each letter in the alphabet, count the number of strings in the vector s that
   start with that letter, and add the counts to bins (bins[0] for 'a', ..., bins[25]
   for 'z'). Every string starts with a lowercase letter. bins arrives zeroed.
   Example: input ["dog", "cat", "xray", "cow", "code", "type", "flower"]
         -> output [0, 0, 3, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0]
*/
void firstLetterCounts(std::vector<std::string> const& s, std::array<size_t, 26>& bins) {
  for (size_t i = 0; i < s.size(); ++i) {
    bins[s[i][0] - 'a']++;
  }
}
