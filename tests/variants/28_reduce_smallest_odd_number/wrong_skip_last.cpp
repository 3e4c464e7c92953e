// WRONG (off by one): the loop stops one element early, so the last element is ignored.
#include <climits>
#include <cstddef>
#include <vector>
int smallestOdd(std::vector<int> const& x) {
  int r = INT_MAX;
  for (size_t i = 0; i + 1 < x.size(); ++i)
    if (x[i] % 2 != 0 && x[i] < r) r = x[i];
  return r;
}
