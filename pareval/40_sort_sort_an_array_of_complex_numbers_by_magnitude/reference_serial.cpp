#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

// Serial reference. The baseline evaluates two std::abs (hypot) per comparison, about
// 2 n log n of them. Here every element gets its key once: the squared magnitude
// re^2 + im^2, which orders like the magnitude (up to rounding in the last bit). A
// non-negative double's bit pattern orders like its value, so the (key, index) records
// are sorted by an LSD radix sort on the 64 key bits (six 11-bit digits; a digit that is
// the same for every key is skipped), and the elements are gathered in that order.
namespace {
struct Rec {
  uint64_t key;
  uint64_t idx;
};
constexpr int kBits = 11;
constexpr size_t kBuckets = size_t(1) << kBits;
constexpr int kPasses = (64 + kBits - 1) / kBits;
}  // namespace

void sortComplexByMagnitude(std::vector<std::complex<double>>& x) {
  const size_t n = x.size();
  if (n < 2) return;
  std::vector<Rec> a(n), b(n);
  std::vector<std::complex<double>> copy(x);
  for (size_t i = 0; i < n; ++i) {
    const double re = copy[i].real(), im = copy[i].imag();
    const double k = re * re + im * im;
    uint64_t bits;
    std::memcpy(&bits, &k, sizeof bits);
    a[i] = {bits, i};
  }
  std::vector<size_t> count(kPasses * kBuckets, 0);  // all passes' digit counts at once
  for (size_t i = 0; i < n; ++i)
    for (int p = 0; p < kPasses; ++p) ++count[p * kBuckets + ((a[i].key >> (p * kBits)) & (kBuckets - 1))];
  Rec* src = a.data();
  Rec* dst = b.data();
  for (int p = 0; p < kPasses; ++p) {
    size_t* c = &count[p * kBuckets];
    const int shift = p * kBits;
    if (c[(src[0].key >> shift) & (kBuckets - 1)] == n) continue;  // one digit value: no-op
    size_t sum = 0;
    for (size_t v = 0; v < kBuckets; ++v) {
      const size_t t = c[v];
      c[v] = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; ++i) dst[c[(src[i].key >> shift) & (kBuckets - 1)]++] = src[i];
    std::swap(src, dst);
  }
  for (size_t i = 0; i < n; ++i) x[i] = copy[src[i].idx];
}
