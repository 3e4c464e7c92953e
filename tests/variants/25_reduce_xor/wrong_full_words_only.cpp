// WRONG (only for some sizes): folds the 64-bit words of the vector<bool> storage but
// forgets the partial last word, so the last n % 64 elements are ignored.
#include <cstddef>
#include <cstdint>
#include <vector>
bool reduceLogicalXOR(std::vector<bool> const& x) {
  const unsigned long* w = x.begin()._M_p;
  uint64_t acc = 0;
  for (size_t i = 0; i < x.size() / 64; ++i) acc ^= w[i];
  return __builtin_parityll(acc);
}
