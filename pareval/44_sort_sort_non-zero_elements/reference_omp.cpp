#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

// OpenMP reference: the serial reference's three phases, each split into one contiguous
// block per thread. (1) Compaction: each thread counts the non-zeros of its block of x;
// a scan of those counts gives every thread its output offset, so the gather writes
// disjoint slices (the same offsets are reused in phase 3). (2) LSD radix sort of the
// gathered keys (four 8-bit digits, constant digits skipped by the global counts):
// per-thread digit counts, offsets per (digit, thread), stable scatter into disjoint
// slots. (3) Each thread writes sorted values into its block's non-zero positions,
// starting at its offset. Correct for any thread count.
namespace {
constexpr int kBits = 8;
constexpr size_t kB = size_t(1) << kBits;
}  // namespace

void sortIgnoreZero(std::vector<int>& x) {
  const size_t n = x.size();
  if (n < 2) return;
  int* xs = x.data();
  const int T = omp_get_max_threads();
  std::unique_ptr<uint32_t[]> a(new uint32_t[n]), b(new uint32_t[n]);
  uint32_t* bufs[2] = {a.get(), b.get()};
  std::vector<size_t> nz(size_t(T) + 1, 0);
  std::vector<size_t> count(size_t(T) * kB);
  std::vector<size_t> total(4 * kB, 0);
  bool skip[4];
  size_t m = 0;
#pragma omp parallel if (n >= 32768)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    size_t mine = 0;
    for (size_t i = lo; i < hi; ++i) mine += xs[i] != 0;
    nz[t + 1] = mine;
#pragma omp barrier
#pragma omp single
    {
      for (size_t u = 0; u < nt; ++u) nz[u + 1] += nz[u];
      m = nz[nt];
    }
    const size_t off = nz[t];
    {
      uint32_t* out = bufs[0] + off;
      std::vector<size_t> h(4 * kB, 0);
      size_t w = 0;
      for (size_t i = lo; i < hi; ++i) {
        const int v = xs[i];
        if (v != 0) {
          const uint32_t k = uint32_t(v) ^ 0x80000000u;
          out[w++] = k;
          ++h[k & 255];
          ++h[kB + ((k >> 8) & 255)];
          ++h[2 * kB + ((k >> 16) & 255)];
          ++h[3 * kB + (k >> 24)];
        }
      }
#pragma omp critical
      for (size_t v = 0; v < 4 * kB; ++v) total[v] += h[v];
    }
#pragma omp barrier
#pragma omp single
    {
      const uint32_t k0 = m ? bufs[0][0] : 0;
      for (int p = 0; p < 4; ++p) skip[p] = m < 2 || total[size_t(p) * kB + ((k0 >> (p * kBits)) & 255)] == m;
    }
    const size_t mlo = m * t / nt, mhi = m * (t + 1) / nt;
    size_t* c = &count[t * kB];
    int my = 0;  // every thread tracks the same buffer index
    for (int p = 0; p < 4; ++p) {
      if (skip[p]) continue;
      const uint32_t* src = bufs[my];
      uint32_t* dst = bufs[my ^ 1];
      const int sh = p * kBits;
      for (size_t v = 0; v < kB; ++v) c[v] = 0;
      for (size_t i = mlo; i < mhi; ++i) ++c[(src[i] >> sh) & 255];
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
      for (size_t i = mlo; i < mhi; ++i) {
        const uint32_t k = src[i];
        dst[c[(k >> sh) & 255]++] = k;
      }
      my ^= 1;
#pragma omp barrier
    }
    const uint32_t* sorted = bufs[my] + off;
    size_t j = 0;
    for (size_t i = lo; i < hi; ++i)
      if (xs[i] != 0) xs[i] = int(sorted[j++] ^ 0x80000000u);
  }
}
