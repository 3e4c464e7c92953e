#include <omp.h>
#include <algorithm>
#include <climits>
#include <cstddef>
#include <vector>

// OpenMP reference: Kadane's algorithm as a parallel reduction. Each thread summarizes
// one contiguous block by four numbers: its total, its best prefix sum, its best suffix
// sum and its best subarray sum (all over non-empty pieces). Two adjacent summaries
// combine exactly (the best of the whole is the best of either part or a suffix of the
// left plus a prefix of the right), so combining the blocks in order gives the answer
// for any thread count. Small inputs run the serial loop.
namespace {
struct Summary {
  long long total, prefix, suffix, best;
};
Summary summarize(const int* p, size_t n) {  // n >= 1
  Summary s{p[0], p[0], p[0], p[0]};
  long long ending = p[0];
  for (size_t i = 1; i < n; ++i) {
    s.total += p[i];
    s.prefix = std::max(s.prefix, s.total);
    ending = std::max<long long>(ending, 0) + p[i];
    s.best = std::max(s.best, ending);
  }
  s.suffix = ending;  // the best sum ending at the last element
  return s;
}
// Below this size one thread finishes long before a parallel region pays off.
constexpr size_t kParallelMin = size_t(1) << 20;

Summary combine(const Summary& l, const Summary& r) {
  return {l.total + r.total, std::max(l.prefix, l.total + r.prefix),
          std::max(r.suffix, r.total + l.suffix),
          std::max({l.best, r.best, l.suffix + r.prefix})};
}
}  // namespace

int maximumSubarray(std::vector<int> const& x) {
  const size_t n = x.size();
  if (n == 0) return INT_MIN;
  const int* p = x.data();
  if (n < kParallelMin) return int(summarize(p, n).best);
  const size_t maxT = size_t(omp_get_max_threads());
  std::vector<Summary> part(maxT);
  std::vector<char> has(maxT, 0);
#pragma omp parallel
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    if (hi > lo) {
      part[t] = summarize(p + lo, hi - lo);
      has[t] = 1;
    }
  }
  Summary s{};
  bool any = false;
  for (size_t t = 0; t < maxT; ++t)
    if (has[t]) {
      s = any ? combine(s, part[t]) : part[t];
      any = true;
    }
  return int(s.best);
}
