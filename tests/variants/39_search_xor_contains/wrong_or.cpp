// WRONG (only some inputs): returns whether val is in x or in y, which is also true when
// it is in both.
#include <algorithm>
#include <vector>
bool xorContains(std::vector<int> const& x, std::vector<int> const& y, int val) {
  return std::find(x.begin(), x.end(), val) != x.end() ||
         std::find(y.begin(), y.end(), val) != y.end();
}
