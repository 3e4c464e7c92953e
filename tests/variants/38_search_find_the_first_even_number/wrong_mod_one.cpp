// WRONG (only some inputs): tests "x % 2 != 1" for even, but for negative odd values
// x % 2 is -1, so they are taken for even.
#include <vector>
size_t findFirstEven(std::vector<int> const& x) {
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] % 2 != 1) return i;
  return x.size();
}
