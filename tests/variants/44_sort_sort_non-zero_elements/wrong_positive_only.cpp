// WRONG (only on some inputs): tests "x > 0" instead of "x != 0", so negative values are
// treated like zeros and left in place; right only when no value is negative.
#include <algorithm>
#include <vector>
void sortIgnoreZero(std::vector<int>& x) {
  std::vector<int> nz;
  for (int v : x)
    if (v > 0) nz.push_back(v);
  std::sort(nz.begin(), nz.end());
  size_t k = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] > 0) x[i] = nz[k++];
}
