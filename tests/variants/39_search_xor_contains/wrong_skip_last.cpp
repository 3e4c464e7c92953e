// WRONG (off by one): both loops stop one element early and never look at the last
// element of x or of y.
#include <vector>
bool xorContains(std::vector<int> const& x, std::vector<int> const& y, int val) {
  bool inX = false, inY = false;
  for (size_t i = 0; i + 1 < x.size(); ++i) inX |= x[i] == val;
  for (size_t i = 0; i + 1 < y.size(); ++i) inY |= y[i] == val;
  return inX != inY;
}
