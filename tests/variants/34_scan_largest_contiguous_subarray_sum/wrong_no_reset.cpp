// WRONG (never resets): a one-pass scan that never restarts the running sum when it
// drops below zero, so it only finds the best prefix sum (right only when the best
// subarray starts at x[0]).
#include <climits>
#include <vector>
int maximumSubarray(std::vector<int> const& x) {
  int best = INT_MIN, s = 0;
  for (int v : x) {
    s += v;
    if (s > best) best = s;
  }
  return best;
}
