// WRONG (off by one): the inner loop stops before the last element, so no subarray that
// ends at x[n-1] is considered.
#include <climits>
#include <vector>
int maximumSubarray(std::vector<int> const& x) {
  int best = INT_MIN;
  for (size_t i = 0; i < x.size(); ++i) {
    int s = 0;
    for (size_t j = i; j + 1 < x.size() || (x.size() == 1 && j == 0); ++j) {
      s += x[j];
      if (s > best) best = s;
    }
  }
  return best;
}
