// WRONG (off by one): the write-back loop starts at index 1, so x[0] keeps its old value
// and every later non-zero position gets the value meant for the one before it.
#include <algorithm>
#include <vector>
void sortIgnoreZero(std::vector<int>& x) {
  std::vector<int> nz;
  for (int v : x)
    if (v != 0) nz.push_back(v);
  std::sort(nz.begin(), nz.end());
  size_t k = 0;
  for (size_t i = 1; i < x.size(); ++i)
    if (x[i] != 0) x[i] = nz[k++];
}
