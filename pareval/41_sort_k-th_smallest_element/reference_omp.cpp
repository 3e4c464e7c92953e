#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

// OpenMP reference: the serial reference's radix selection (three digit levels of the
// sign-flipped bits: count, pick the digit holding the wanted rank, keep only candidates
// with that digit) with both passes of every level split into one contiguous block per
// thread. Each thread counts its block into its own histogram; the histograms are summed
// per digit; each thread's number of survivors is its own count of the chosen digit, so
// the survivors' output offsets are known without another pass and every thread writes
// its own slice. Candidates go back and forth between two buffers. Correct for any
// thread count.
namespace {
constexpr int kShift[3] = {21, 10, 0};
constexpr uint32_t kMask[3] = {0x7FF, 0x7FF, 0x3FF};
constexpr size_t kB = 2048;
inline uint32_t key(int v) { return uint32_t(v) ^ 0x80000000u; }
}  // namespace

int findKthSmallest(std::vector<int> const& x, int k) {
  size_t rank = size_t(k - 1);
  const size_t n = x.size();
  const int* xs = x.data();
  std::unique_ptr<uint32_t[]> b0(new uint32_t[n]), b1(new uint32_t[n]);
  uint32_t* src = b0.get();  // candidates of the current level (level > 0)
  uint32_t* dst = b1.get();
  const int T = omp_get_max_threads();
  std::vector<size_t> hist(size_t(T) * kB);
  std::vector<size_t> offs(size_t(T) + 1);
  uint32_t prefix = 0;
  size_t m = n;
  for (int lvl = 0; lvl < 3; ++lvl) {
    const int sh = kShift[lvl];
    const uint32_t mask = kMask[lvl];
    uint32_t d = 0;
    size_t total[kB];
#pragma omp parallel if (m >= 65536)
    {
      const int t = omp_get_thread_num(), nt = omp_get_num_threads();
      const size_t lo = m * size_t(t) / size_t(nt), hi = m * size_t(t + 1) / size_t(nt);
      size_t* h = &hist[size_t(t) * kB];
      for (size_t v = 0; v < kB; ++v) h[v] = 0;
      if (lvl == 0) {
        for (size_t i = lo; i < hi; ++i) ++h[key(xs[i]) >> sh];
      } else {
        for (size_t i = lo; i < hi; ++i) ++h[(src[i] >> sh) & mask];
      }
#pragma omp barrier
#pragma omp for schedule(static)
      for (long v = 0; v < long(kB); ++v) {
        size_t s = 0;
        for (int u = 0; u < nt; ++u) s += hist[size_t(u) * kB + size_t(v)];
        total[v] = s;
      }
#pragma omp single
      {
        while (rank >= total[d]) rank -= total[d++];
        offs[0] = 0;
        for (int u = 0; u < nt; ++u) offs[u + 1] = offs[u] + hist[size_t(u) * kB + d];
      }
      // implicit barrier after single: d, rank and offs are visible to all threads
      if (lvl < 2) {
        uint32_t* out = dst + offs[t];
        const uint32_t dd = d;
        size_t w = 0;
        if (lvl == 0) {
          for (size_t i = lo; i < hi; ++i) {
            const uint32_t v = key(xs[i]);
            if ((v >> sh) == dd) out[w++] = v;
          }
        } else {
          for (size_t i = lo; i < hi; ++i) {
            const uint32_t v = src[i];
            if (((v >> sh) & mask) == dd) out[w++] = v;
          }
        }
      }
    }
    prefix |= d << sh;
    if (lvl == 2) break;
    m = total[d];
    std::swap(src, dst);
  }
  return int(prefix ^ 0x80000000u);
}
