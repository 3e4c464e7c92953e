#include <cstddef>
#include <cstdint>
#include <vector>

// Serial reference: libstdc++ stores a vector<bool> as unsigned long words (bit k of word
// w is element 64w + k; begin()._M_p points at word 0). The XOR of all elements is the
// parity of the XOR of all words: fold the full words with XOR (vectorized), mask the
// used bits of the last partial word, and take the parity of the result, instead of
// extracting one bit per element.
bool reduceLogicalXOR(std::vector<bool> const& x) {
  const size_t n = x.size();
  if (n == 0) return false;
  static_assert(sizeof(*x.begin()._M_p) == 8, "64-bit vector<bool> words expected");
  const unsigned long* w = x.begin()._M_p;
  const size_t full = n / 64;
  uint64_t acc = 0;
  for (size_t i = 0; i < full; ++i) acc ^= w[i];
  if (n % 64) acc ^= w[full] & ((uint64_t(1) << (n % 64)) - 1);
  return __builtin_parityll(acc);
}
