// WRONG (only on some inputs): tests the unsigned bit pattern with popcount, which also
// accepts INT_MIN (bit pattern 0x80000000). Right for every other int.
#include <vector>
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
  for (size_t i = 0; i < x.size(); ++i) mask[i] = __builtin_popcount(unsigned(x[i])) == 1;
}
