#include <algorithm>
#include <climits>
#include <cstddef>
#include <vector>

// Serial reference: Kadane's algorithm, O(n) instead of the baseline's O(n^2). The best
// sum ending at index i is x[i] plus the best sum ending at i-1 if that is positive;
// the answer is the largest of these (non-empty subarrays only).
int maximumSubarray(std::vector<int> const& x) {
  if (x.empty()) return INT_MIN;
  long long best = x[0], ending = x[0];
  for (size_t i = 1; i < x.size(); ++i) {
    ending = std::max<long long>(ending, 0) + x[i];
    best = std::max(best, ending);
  }
  return int(best);
}
