#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

// OpenMP reference: the serial reference's LSD radix sort of (key << 32 | index) records
// (three 11-bit digits of the order-preserving float key) made parallel the usual way:
// every pass, each thread counts the digits of its own contiguous block; the output
// offset of (digit, thread) is the number of records with a smaller digit plus those with
// the same digit in earlier threads' blocks, so each thread scatters its block stably
// into disjoint slots. Finally ranks_[index] = position, split across threads (distinct
// indices: no conflicts). Correct for any thread count.
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
  const int T = omp_get_max_threads();
  std::vector<size_t> count(size_t(T) * kB);
  const float* xs = x.data();
  size_t* out = ranks_.data();
  uint64_t* bufs[2] = {a.get(), b.get()};
#pragma omp parallel if (n >= 32768)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    uint64_t* ra = bufs[0];
    for (size_t i = lo; i < hi; ++i) ra[i] = (uint64_t(key(xs[i])) << 32) | uint64_t(i);
    size_t* c = &count[t * kB];
    int cur = 0;
    for (int p = 0; p < 3; ++p) {
      const uint64_t* src = bufs[cur];
      uint64_t* dst = bufs[cur ^ 1];
      const int shift = 32 + p * kBits;
      for (size_t v = 0; v < kB; ++v) c[v] = 0;
      for (size_t i = lo; i < hi; ++i) ++c[(src[i] >> shift) & (kB - 1)];
#pragma omp barrier
#pragma omp single
      {
        size_t sum = 0;
        for (size_t v = 0; v < kB; ++v)
          for (size_t u = 0; u < nt; ++u) {
            const size_t q = count[u * kB + v];
            count[u * kB + v] = sum;
            sum += q;
          }
      }
      for (size_t i = lo; i < hi; ++i) {
        const uint64_t r = src[i];
        dst[c[(r >> shift) & (kB - 1)]++] = r;
      }
      cur ^= 1;
#pragma omp barrier
    }
    const uint64_t* s = bufs[cur];
#pragma omp for schedule(static)
    for (long j = 0; j < long(n); ++j) out[uint32_t(s[j])] = size_t(j);
  }
}
