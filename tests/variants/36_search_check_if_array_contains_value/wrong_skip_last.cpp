// WRONG (off by one): the loop never looks at x[n-1].
#include <vector>
bool contains(std::vector<int> const& x, int target) {
  for (size_t i = 0; i + 1 < x.size(); ++i)
    if (x[i] == target) return true;
  return false;
}
