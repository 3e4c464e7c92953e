// WRONG (off by one): the loop stops one element early, so the last element is ignored.
#include <cstddef>
#include <vector>
bool reduceLogicalXOR(std::vector<bool> const& x) {
  bool r = false;
  for (size_t i = 0; i + 1 < x.size(); ++i) r = r != x[i];
  return r;
}
