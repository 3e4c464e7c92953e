// WRONG (off by one): the loop bound stops one element early, so x[n-1] is never lowered
// to the running minimum.
#include <algorithm>
#include <vector>
void partialMinimums(std::vector<float>& x) {
  for (size_t i = 1; i + 1 < x.size(); ++i) x[i] = std::min(x[i], x[i - 1]);
}
