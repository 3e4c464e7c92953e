#include <omp.h>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

// OpenMP reference. Keys as in the serial reference (bit patterns of the squared
// magnitudes, which order like the magnitudes). Each thread radix-sorts the (key, index)
// records of its own contiguous chunk with no synchronization; the sorted runs are then
// merged pairwise in ceil(log2 T) rounds, every merge split among all threads by
// co-ranking (a binary search for where each thread's slice of the output starts in
// both inputs), and the elements are gathered in parallel. Two barriers per round only,
// stable, and correct for any thread count.
namespace {
struct Rec {
  uint64_t key;
  uint64_t idx;
};
constexpr int kBits = 11;
constexpr size_t kBuckets = size_t(1) << kBits;
constexpr int kPasses = (64 + kBits - 1) / kBits;

// LSD radix sort of a[0..n) using b as scratch; the result ends in a.
void radix_sort(Rec* a, Rec* b, size_t n) {
  if (n < 2) return;
  std::vector<size_t> count(kPasses * kBuckets, 0);
  for (size_t i = 0; i < n; ++i)
    for (int p = 0; p < kPasses; ++p) ++count[p * kBuckets + ((a[i].key >> (p * kBits)) & (kBuckets - 1))];
  Rec* src = a;
  Rec* dst = b;
  for (int p = 0; p < kPasses; ++p) {
    size_t* c = &count[p * kBuckets];
    const int shift = p * kBits;
    if (c[(src[0].key >> shift) & (kBuckets - 1)] == n) continue;
    size_t sum = 0;
    for (size_t v = 0; v < kBuckets; ++v) {
      const size_t t = c[v];
      c[v] = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; ++i) dst[c[(src[i].key >> shift) & (kBuckets - 1)]++] = src[i];
    std::swap(src, dst);
  }
  if (src != a) std::memcpy(a, src, n * sizeof(Rec));
}

// Writes outputs [k0, k1) of the stable merge of A[0..m) and B[0..l) (ties: A first)
// to out[k0..k1).
void merge_slice(const Rec* A, size_t m, const Rec* B, size_t l, Rec* out, size_t k0, size_t k1) {
  size_t lo = k0 > l ? k0 - l : 0, hi = k0 < m ? k0 : m;
  while (lo < hi) {  // co-rank: how many of the first k0 outputs come from A
    const size_t mid = lo + (hi - lo) / 2;
    if (A[mid].key <= B[k0 - mid - 1].key) lo = mid + 1;
    else hi = mid;
  }
  size_t i = lo, j = k0 - lo;
  for (size_t k = k0; k < k1; ++k) {
    if (j >= l || (i < m && A[i].key <= B[j].key)) out[k] = A[i++];
    else out[k] = B[j++];
  }
}
}  // namespace

void sortComplexByMagnitude(std::vector<std::complex<double>>& x) {
  const size_t n = x.size();
  if (n < 2) return;
  std::vector<Rec> a(n), b(n);
  std::vector<std::complex<double>> copy(n);
#pragma omp parallel if (n > 20000)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    for (size_t i = lo; i < hi; ++i) {
      const std::complex<double> z = x[i];
      copy[i] = z;
      const double k = z.real() * z.real() + z.imag() * z.imag();
      uint64_t bits;
      std::memcpy(&bits, &k, sizeof bits);
      a[i] = {bits, i};
    }
    radix_sort(&a[lo], &b[lo], hi - lo);
#pragma omp barrier
    Rec* src = a.data();
    Rec* dst = b.data();
    for (size_t width = 1; width < nt; width *= 2) {  // runs of `width` chunks -> 2 * width
      for (size_t r = 0; r < nt; r += 2 * width) {
        const size_t s0 = n * r / nt;
        const size_t s1 = n * std::min(nt, r + width) / nt;
        const size_t s2 = n * std::min(nt, r + 2 * width) / nt;
        const size_t len = s2 - s0;
        merge_slice(src + s0, s1 - s0, src + s1, s2 - s1, dst + s0, len * t / nt, len * (t + 1) / nt);
      }
      std::swap(src, dst);
#pragma omp barrier
    }
#pragma omp for schedule(static)
    for (size_t i = 0; i < n; ++i) x[i] = copy[src[i].idx];
  }
}
