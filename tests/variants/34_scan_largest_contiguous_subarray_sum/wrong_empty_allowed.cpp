// WRONG (some inputs only): Kadane's algorithm started from an empty subarray (best = 0),
// so it returns 0 instead of the largest value when every value is negative.
#include <algorithm>
#include <vector>
int maximumSubarray(std::vector<int> const& x) {
  int best = 0, ending = 0;
  for (int v : x) {
    ending = std::max(0, ending + v);
    best = std::max(best, ending);
  }
  return best;
}
