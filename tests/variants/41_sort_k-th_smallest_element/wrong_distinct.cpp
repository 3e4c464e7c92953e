// WRONG (only on some inputs): counts distinct values (a std::set drops duplicates), so
// it is right only when no value below the answer repeats.
#include <iterator>
#include <set>
#include <vector>
int findKthSmallest(std::vector<int> const& x, int k) {
  std::set<int> s(x.begin(), x.end());
  if (size_t(k) > s.size()) return *s.rbegin();
  return *std::next(s.begin(), k - 1);
}
