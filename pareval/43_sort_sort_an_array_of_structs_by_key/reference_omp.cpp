#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

struct Result {
  int startTime, duration;
  float value;
};

// OpenMP reference: the serial reference's LSD radix sort of the records on the
// sign-flipped startTime (four 8-bit digits), made parallel the usual way. The global
// digit counts (a permutation does not change them) decide which passes are skipped.
// Every pass, each thread counts the digits of its own contiguous block; the offset of
// (digit, thread) is the number of records with a smaller digit plus those with the same
// digit in earlier blocks, so each thread scatters its block stably into disjoint slots.
// Correct for any thread count.
namespace {
constexpr int kBits = 8;
constexpr size_t kB = size_t(1) << kBits;
inline uint32_t key(const Result& r) { return uint32_t(r.startTime) ^ 0x80000000u; }
inline size_t digit(uint32_t k, int p) { return (k >> (p * kBits)) & (kB - 1); }
}  // namespace

void sortByStartTime(std::vector<Result>& results) {
  const size_t n = results.size();
  if (n < 2) return;
  const int T = omp_get_max_threads();
  std::vector<size_t> count(size_t(T) * kB);
  std::vector<size_t> total(4 * kB, 0);
  std::unique_ptr<Result[]> tmp(new Result[n]);
  Result* bufs[2] = {results.data(), tmp.get()};
  bool skip[4];
#pragma omp parallel if (n >= 32768)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    {
      std::vector<size_t> mine(4 * kB, 0);
      const Result* a = bufs[0];
      for (size_t i = lo; i < hi; ++i) {
        const uint32_t k = key(a[i]);
        ++mine[digit(k, 0)];
        ++mine[kB + digit(k, 1)];
        ++mine[2 * kB + digit(k, 2)];
        ++mine[3 * kB + digit(k, 3)];
      }
#pragma omp critical
      for (size_t v = 0; v < 4 * kB; ++v) total[v] += mine[v];
    }
#pragma omp barrier
#pragma omp single
    {
      const uint32_t k0 = key(bufs[0][0]);
      for (int p = 0; p < 4; ++p) skip[p] = total[size_t(p) * kB + digit(k0, p)] == n;
    }
    size_t* c = &count[t * kB];
    int my = 0;  // every thread tracks the same buffer index
    for (int p = 0; p < 4; ++p) {
      if (skip[p]) continue;
      const Result* src = bufs[my];
      Result* dst = bufs[my ^ 1];
      for (size_t v = 0; v < kB; ++v) c[v] = 0;
      for (size_t i = lo; i < hi; ++i) ++c[digit(key(src[i]), p)];
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
        const Result r = src[i];
        dst[c[digit(key(r), p)]++] = r;
      }
      my ^= 1;
#pragma omp barrier
    }
    if (my == 1) {
      // the sorted records are in the scratch buffer: copy back in parallel
#pragma omp for schedule(static)
      for (long i = 0; i < long(n); ++i) bufs[0][i] = bufs[1][i];
    }
  }
}
