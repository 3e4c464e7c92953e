// WRONG (off by one): exclusive scan, output[i] = x[n-1] + ... + x[n-i] (misses x[n-1-i]).
#include <vector>
void reversePrefixSum(std::vector<int> const& x, std::vector<int>& output) {
  const size_t n = x.size();
  int s = 0;
  for (size_t i = 0; i < n; ++i) {
    output[i] = s;
    s += x[n - 1 - i];
  }
}
