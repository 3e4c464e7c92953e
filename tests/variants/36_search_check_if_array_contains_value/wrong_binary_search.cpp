// WRONG (only some inputs): uses a binary search, which assumes x is sorted; on unsorted
// data it misses most occurrences.
#include <algorithm>
#include <vector>
bool contains(std::vector<int> const& x, int target) {
  return std::binary_search(x.begin(), x.end(), target);
}
