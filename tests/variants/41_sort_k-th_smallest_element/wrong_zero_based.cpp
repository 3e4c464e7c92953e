// WRONG (off by one): treats k as 0-based (clamped so k = n does not overflow), so it
// returns the (k+1)-th smallest unless the two happen to be equal.
#include <algorithm>
#include <vector>
int findKthSmallest(std::vector<int> const& x, int k) {
  std::vector<int> v(x);
  const size_t idx = std::min(size_t(k), v.size() - 1);
  std::nth_element(v.begin(), v.begin() + idx, v.end());
  return v[idx];
}
