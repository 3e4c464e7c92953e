// WRONG (off by one): uses upper_bound, which gives 1-based ranks for distinct values.
#include <algorithm>
#include <vector>
void ranks(std::vector<float> const& x, std::vector<size_t>& ranks_) {
  std::vector<float> s(x);
  std::sort(s.begin(), s.end());
  for (size_t i = 0; i < x.size(); ++i)
    ranks_[i] = size_t(std::upper_bound(s.begin(), s.end(), x[i]) - s.begin());
}
