// WRONG (overflow, large sums only): keeps the running sum in a 16-bit integer, which
// wraps once the sums leave [-32768, 32767] (after a few thousand elements).
#include <cstdint>
#include <vector>
void reversePrefixSum(std::vector<int> const& x, std::vector<int>& output) {
  const size_t n = x.size();
  int16_t s = 0;
  for (size_t i = 0; i < n; ++i) {
    s = int16_t(s + x[n - 1 - i]);
    output[i] = s;
  }
}
