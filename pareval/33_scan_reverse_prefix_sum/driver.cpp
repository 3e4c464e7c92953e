#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 33_scan_reverse_prefix_sum. The seed picks the value range: in half of the seeds
// uniform in [-1000, 1000] (the sums wander like a random walk, sd ~600 sqrt(n), far
// from overflow), in the other half uniform in [0, 20] (the sums grow to ~10 n: ~6.7e8
// at n = 64M, still below INT_MAX even if every value were 20: 1.34e9). Sums leave the
// 16-bit range after a few thousand elements. The output is poisoned with INT_MIN.
struct Instance {
  size_t n;
  std::vector<int> x, x0, output;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), output(size) {
    a = {&x, &output};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    const bool positive = s1.u64(0) & 1;
    const int64_t lo = positive ? 0 : -1000, hi = positive ? 20 : 1000;
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x[i] = x0[i] = int(s0.integer(i, lo, hi));
  }
  void reset(bool poison) { harness::reset_output(output, n, poison, INT_MIN); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("output", e.output, output, why);
  }
  void outputs(harness::Outputs& o) const { o.add("output", harness::I32, output.data(), output.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), n); }
  size_t bytes() const { return 3 * n * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
