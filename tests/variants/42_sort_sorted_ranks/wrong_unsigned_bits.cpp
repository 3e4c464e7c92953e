// WRONG (only on some inputs): sorts by the raw float bit patterns as unsigned integers,
// which orders positive floats correctly but not negative ones; right only when every
// value is positive.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>
void ranks(std::vector<float> const& x, std::vector<size_t>& ranks_) {
  std::vector<uint64_t> rec(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    uint32_t b;
    std::memcpy(&b, &x[i], sizeof b);
    rec[i] = (uint64_t(b) << 32) | i;
  }
  std::sort(rec.begin(), rec.end());
  for (size_t j = 0; j < rec.size(); ++j) ranks_[uint32_t(rec[j])] = j;
}
