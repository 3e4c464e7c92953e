// WRONG (data race): the threads increment the shared bins without atomics or a
// reduction, so concurrent increments of the same bin are lost.
#include <array>
#include <string>
#include <vector>
void firstLetterCounts(std::vector<std::string> const& s, std::array<size_t, 26>& bins) {
#pragma omp parallel for
  for (size_t i = 0; i < s.size(); ++i) bins[s[i][0] - 'a']++;
}
