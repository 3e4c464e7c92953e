// WRONG (missing reduction): a parallel LSD radix sort whose per-thread digit counts are
// merged by assignment instead of addition (the last thread to finish wins), so the
// offsets are wrong and records are lost. Correct with one thread.
#include <cstdint>
#include <cstring>
#include <vector>
void ranks(std::vector<float> const& x, std::vector<size_t>& ranks_) {
  const long n = long(x.size());
  std::vector<uint64_t> a(x.size()), b(x.size());
  for (long i = 0; i < n; ++i) {
    uint32_t k;
    std::memcpy(&k, &x[i], sizeof k);
    k = (k & 0x80000000u) ? ~k : (k | 0x80000000u);
    a[i] = (uint64_t(k) << 32) | uint64_t(i);
  }
  for (int p = 0; p < 4; ++p) {
    const int sh = 32 + 8 * p;
    std::vector<long> count(257, 0);
#pragma omp parallel
    {
      std::vector<long> mine(256, 0);
#pragma omp for schedule(static)
      for (long i = 0; i < n; ++i) mine[(a[i] >> sh) & 255]++;
      for (int v = 0; v < 256; ++v)
        if (mine[v]) count[v + 1] = mine[v];
    }
    for (int v = 0; v < 256; ++v) count[v + 1] += count[v];
    for (long i = 0; i < n; ++i) {
      const long pos = count[(a[i] >> sh) & 255]++;
      if (pos < n) b[pos] = a[i];
    }
    a.swap(b);
  }
  for (long j = 0; j < n; ++j) ranks_[uint32_t(a[j])] = size_t(j);
}
