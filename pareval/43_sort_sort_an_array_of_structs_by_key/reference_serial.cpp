#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

struct Result {
  int startTime, duration;
  float value;
};

// Serial reference: LSD radix sort of the records themselves on startTime (its bits with
// the sign bit flipped order like the signed values), four 8-bit digits. The digit
// counts of all passes come from one counting pass; a digit that is the same for every
// record (common when the start times span a small range) is skipped. Stable, O(n), and
// no comparison calls.
namespace {
constexpr int kBits = 8;
constexpr size_t kB = size_t(1) << kBits;
inline uint32_t key(const Result& r) { return uint32_t(r.startTime) ^ 0x80000000u; }
inline size_t digit(uint32_t k, int p) { return (k >> (p * kBits)) & (kB - 1); }
}  // namespace

void sortByStartTime(std::vector<Result>& results) {
  const size_t n = results.size();
  if (n < 2) return;
  std::vector<size_t> count(4 * kB, 0);
  Result* a = results.data();
  for (size_t i = 0; i < n; ++i) {
    const uint32_t k = key(a[i]);
    ++count[digit(k, 0)];
    ++count[kB + digit(k, 1)];
    ++count[2 * kB + digit(k, 2)];
    ++count[3 * kB + digit(k, 3)];
  }
  std::vector<Result> tmp(n);
  Result* src = a;
  Result* dst = tmp.data();
  for (int p = 0; p < 4; ++p) {
    size_t* c = &count[size_t(p) * kB];
    if (c[digit(key(src[0]), p)] == n) continue;  // one digit value: nothing moves
    size_t sum = 0;
    for (size_t v = 0; v < kB; ++v) {
      const size_t t = c[v];
      c[v] = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; ++i) dst[c[digit(key(src[i]), p)]++] = src[i];
    std::swap(src, dst);
  }
  if (src != a)
    for (size_t i = 0; i < n; ++i) a[i] = src[i];
}
