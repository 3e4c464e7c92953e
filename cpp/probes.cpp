// Machine probes (see probes.hpp).
#include "probes.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "harness/process.hpp"

namespace harness {

// Clock resolution estimated as the smallest non-zero difference between two reads (ns).
double clock_resolution_ns() {
  int64_t best = INT64_MAX;
  for (int k = 0; k < 200; ++k) {
    int64_t a = now_ns(), b;
    do b = now_ns();
    while (b == a);
    best = std::min(best, b - a);
  }
  return double(best);
}

// Memory bandwidth (GB/s) of a STREAM-style triad a[i] = b[i] + 3 c[i] over three arrays
// of `bytes_per_array` bytes on `threads` OpenMP threads: best of `reps` (counting 3
// arrays moved per pass, i.e. without write-allocate traffic, as STREAM does).
double triad_bandwidth(uint64_t bytes_per_array, int threads, int reps) {
  const size_t n = bytes_per_array / sizeof(double);
  std::vector<double> a(n), b(n), c(n);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 1.0 + double(i % 7);
    c[i] = 0.5;
  }
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const int64_t t0 = now_ns();
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    best = std::min(best, double(now_ns() - t0));
  }
  volatile double sink = a[n / 2];
  (void)sink;
  return 3.0 * double(n) * sizeof(double) / best;  // bytes per ns = GB/s
}

// The per-call overhead of the in-process protocol (InProcessBench): the median of `reps`
// timings (ns) of an empty function called through a pointer between two clock reads.
double inprocess_call_ns(int reps) {
  static void (*volatile empty)() = [] {};
  std::vector<int64_t> ts;
  for (int i = 0; i < reps; ++i) {
    const int64_t t0 = now_ns();
    empty();
    ts.push_back(now_ns() - t0);
  }
  std::sort(ts.begin(), ts.end());
  return ts.empty() ? 0.0 : double(ts[ts.size() / 2]);
}

}  // namespace harness
