// WRONG (only on some inputs): tests oddness with x % 2 == 1, which is false for
// negative odd numbers (their remainder is -1), so negative odds are skipped.
#include <climits>
#include <vector>
int smallestOdd(std::vector<int> const& x) {
  int r = INT_MAX;
  for (int v : x)
    if (v % 2 == 1 && v < r) r = v;
  return r;
}
