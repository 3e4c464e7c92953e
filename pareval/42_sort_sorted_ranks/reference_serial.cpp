#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

// Serial reference: one sort of (key, index) records, no binary searches. A float's order
// equals the unsigned order of its bits after flipping all bits of negative values and
// only the sign bit of the others (x has no NaN and distinct values). Each record is a
// 64-bit word key << 32 | index, sorted by an LSD radix sort on the 32 key bits (three
// 11-bit digits; a digit equal for every key is skipped); then ranks_[index] = position.
namespace {
constexpr int kBits = 11;
constexpr size_t kB = size_t(1) << kBits;
inline uint32_t key(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}
}  // namespace

void ranks(std::vector<float> const& x, std::vector<size_t>& ranks_) {
  const size_t n = x.size();
  if (ranks_.size() != n) ranks_.resize(n);
  if (n == 0) return;
  std::unique_ptr<uint64_t[]> a(new uint64_t[n]), b(new uint64_t[n]);
  std::vector<size_t> count(3 * kB, 0);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t k = key(x[i]);
    a[i] = (uint64_t(k) << 32) | uint64_t(i);
    ++count[k & (kB - 1)];
    ++count[kB + ((k >> kBits) & (kB - 1))];
    ++count[2 * kB + (k >> (2 * kBits))];
  }
  uint64_t* src = a.get();
  uint64_t* dst = b.get();
  for (int p = 0; p < 3; ++p) {
    size_t* c = &count[size_t(p) * kB];
    const int shift = 32 + p * kBits;
    if (c[(src[0] >> shift) & (kB - 1)] == n) continue;
    size_t sum = 0;
    for (size_t v = 0; v < kB; ++v) {
      const size_t t = c[v];
      c[v] = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; ++i) {
      const uint64_t r = src[i];
      dst[c[(r >> shift) & (kB - 1)]++] = r;
    }
    std::swap(src, dst);
  }
  size_t* out = ranks_.data();
  for (size_t j = 0; j < n; ++j) out[uint32_t(src[j])] = j;
}
