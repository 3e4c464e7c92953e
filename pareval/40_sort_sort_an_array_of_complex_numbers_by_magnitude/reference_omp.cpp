#include <omp.h>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

// OpenMP reference: the serial reference's LSD radix sort on the bit patterns of the
// squared magnitudes, parallelized. Keys are computed in parallel; in every pass each
// thread counts the digits of its contiguous chunk, the offsets follow from all
// threads' counts (digit-major, then thread order, so the sort stays stable), and each
// thread scatters its own chunk. Passes whose digit is the same for every key are
// skipped. The final gather is a parallel loop. Correct for any thread count.
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
  std::vector<std::complex<double>> copy(n);
  const int maxT = omp_get_max_threads();
  std::vector<size_t> total(kPasses * kBuckets, 0);
  std::vector<size_t> count(size_t(maxT) * kBuckets);
  std::vector<size_t> totalT(size_t(maxT) * kPasses * kBuckets);
#pragma omp parallel if (n > 20000)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    // keys, the copy for the gather, and per-thread counts of every digit (to skip passes)
    size_t* my = &totalT[t * kPasses * kBuckets];
    std::fill(my, my + kPasses * kBuckets, size_t(0));
    for (size_t i = lo; i < hi; ++i) {
      const std::complex<double> z = x[i];
      copy[i] = z;
      const double k = z.real() * z.real() + z.imag() * z.imag();
      uint64_t bits;
      std::memcpy(&bits, &k, sizeof bits);
      a[i] = {bits, i};
      for (int p = 0; p < kPasses; ++p) ++my[p * kBuckets + ((bits >> (p * kBits)) & (kBuckets - 1))];
    }
#pragma omp barrier
#pragma omp for schedule(static)
    for (size_t j = 0; j < kPasses * kBuckets; ++j) {
      size_t s = 0;
      for (size_t u = 0; u < nt; ++u) s += totalT[u * kPasses * kBuckets + j];
      total[j] = s;
    }
    // (implicit barrier)
    Rec* src = a.data();
    Rec* dst = b.data();
    size_t* c = &count[t * kBuckets];
    std::vector<size_t> offset(kBuckets);
    for (int p = 0; p < kPasses; ++p) {
      const int shift = p * kBits;
      if (total[p * kBuckets + ((src[0].key >> shift) & (kBuckets - 1))] == n) continue;
      std::fill(c, c + kBuckets, size_t(0));
      for (size_t i = lo; i < hi; ++i) ++c[(src[i].key >> shift) & (kBuckets - 1)];
#pragma omp barrier
      size_t sum = 0;
      for (size_t v = 0; v < kBuckets; ++v) {
        for (size_t u = 0; u < nt; ++u) {
          if (u == t) offset[v] = sum;
          sum += count[u * kBuckets + v];
        }
      }
      for (size_t i = lo; i < hi; ++i) dst[offset[(src[i].key >> shift) & (kBuckets - 1)]++] = src[i];
      std::swap(src, dst);
#pragma omp barrier
    }
#pragma omp for schedule(static)
    for (size_t i = 0; i < n; ++i) x[i] = copy[src[i].idx];
  }
}
