// WRONG (off by one): the loop stops one element early, so the last element is left as is.
#include <cstddef>
#include <vector>
void oneMinusInverse(std::vector<double>& x) {
  for (size_t i = 0; i + 1 < x.size(); ++i) x[i] = 1.0 - 1.0 / x[i];
}
