#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

// Serial reference: gather the non-zero values (as sign-flipped unsigned keys, which
// order like the ints) with a branch-free compaction, LSD radix sort them (four 8-bit
// digits; the counts of all digits come from the gather pass, and a digit equal for every
// key is skipped), then write them back into the non-zero positions in order. O(n), no
// comparisons.
namespace {
constexpr int kBits = 8;
constexpr size_t kB = size_t(1) << kBits;
}  // namespace

void sortIgnoreZero(std::vector<int>& x) {
  const size_t n = x.size();
  int* xs = x.data();
  std::unique_ptr<uint32_t[]> a(new uint32_t[n + 1]), b(new uint32_t[n + 1]);
  std::vector<size_t> count(4 * kB, 0);
  size_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    const int v = xs[i];
    a[m] = uint32_t(v) ^ 0x80000000u;
    m += v != 0;
  }
  if (m < 2) return;
  for (size_t i = 0; i < m; ++i) {
    const uint32_t k = a[i];
    ++count[k & 255];
    ++count[kB + ((k >> 8) & 255)];
    ++count[2 * kB + ((k >> 16) & 255)];
    ++count[3 * kB + (k >> 24)];
  }
  uint32_t* src = a.get();
  uint32_t* dst = b.get();
  for (int p = 0; p < 4; ++p) {
    size_t* c = &count[size_t(p) * kB];
    const int sh = p * kBits;
    if (c[(src[0] >> sh) & 255] == m) continue;  // one digit value: nothing moves
    size_t sum = 0;
    for (size_t v = 0; v < kB; ++v) {
      const size_t t = c[v];
      c[v] = sum;
      sum += t;
    }
    for (size_t i = 0; i < m; ++i) {
      const uint32_t k = src[i];
      dst[c[(k >> sh) & 255]++] = k;
    }
    std::swap(src, dst);
  }
  size_t j = 0;
  for (size_t i = 0; i < n; ++i)
    if (xs[i] != 0) xs[i] = int(src[j++] ^ 0x80000000u);
}
