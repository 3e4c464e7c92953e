#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

// Serial reference: radix selection, no sort. An int's order equals the unsigned order of
// its bits with the sign bit flipped. Three digit levels (bits 31..21, 20..10, 9..0):
// count the candidates' digits, find the digit whose cumulative count passes the wanted
// rank, keep only the candidates with that digit (their count is known from the
// histogram) and go on. The first level reads x twice (count, then gather); later levels
// only see the survivors, usually a tiny fraction. After the last digit all 32 bits of the
// answer are known. O(n); the gather is branch-free (it writes every element and advances
// only on a match).
namespace {
constexpr int kShift[3] = {21, 10, 0};
constexpr uint32_t kMask[3] = {0x7FF, 0x7FF, 0x3FF};
inline uint32_t key(int v) { return uint32_t(v) ^ 0x80000000u; }
}  // namespace

int findKthSmallest(std::vector<int> const& x, int k) {
  size_t rank = size_t(k - 1);
  const size_t n = x.size();
  std::unique_ptr<uint32_t[]> buf(new uint32_t[n]);
  std::vector<size_t> hist(2048);
  uint32_t prefix = 0;
  size_t m = n;
  for (int lvl = 0; lvl < 3; ++lvl) {
    const int sh = kShift[lvl];
    const uint32_t mask = kMask[lvl];
    std::fill(hist.begin(), hist.end(), 0);
    if (lvl == 0) {
      for (size_t i = 0; i < n; ++i) ++hist[key(x[i]) >> sh];
    } else {
      for (size_t i = 0; i < m; ++i) ++hist[(buf[i] >> sh) & mask];
    }
    uint32_t d = 0;
    while (rank >= hist[d]) rank -= hist[d++];
    prefix |= d << sh;
    if (lvl == 2) break;
    const size_t cnt = hist[d];
    if (lvl > 0 && cnt == m) continue;  // every candidate has this digit: nothing to filter
    size_t w = 0;
    if (lvl == 0) {
      for (size_t i = 0; i < n; ++i) {
        const uint32_t v = key(x[i]);
        buf[w] = v;
        w += (v >> sh) == d;
      }
    } else {
      for (size_t i = 0; i < m; ++i) {
        const uint32_t v = buf[i];
        buf[w] = v;
        w += ((v >> sh) & mask) == d;
      }
    }
    m = w;  // == cnt
  }
  return int(prefix ^ 0x80000000u);
}
