// WRONG (direction): computes suffix sums in place of the reversed scan,
// output[i] = x[i] + ... + x[n-1], i.e. the right values stored in reverse order.
#include <vector>
void reversePrefixSum(std::vector<int> const& x, std::vector<int>& output) {
  const size_t n = x.size();
  int s = 0;
  for (size_t i = n; i > 0; --i) {
    s += x[i - 1];
    output[i - 1] = s;
  }
}
