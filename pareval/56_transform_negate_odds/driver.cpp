#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 56_transform_negate_odds (in place). Values are uniform over [-10^9, 10^9] (half of
// them negative: x % 2 == 1 misses the negative odds), with about 1% of extremes:
// INT_MIN (even: halved, never negated), INT_MIN + 1 and INT_MAX (odd: negation fits),
// -1, 0 and 1. Odd and even values are mixed at random (unpredictable branches).
// reset() restores x from the pristine copy.
struct Instance {
  size_t n;
  std::vector<int> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }
  void generate(uint64_t seed) {
    const harness::Stream s1(seed, 1), s2(seed, 2);
    static const int kExtreme[6] = {INT_MIN, INT_MIN + 1, INT_MAX, -1, 0, 1};
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const uint64_t r = s1.u64(i);
      x0[i] = r % 100 == 0 ? kExtreme[(r >> 8) % 6]
                           : int(s2.integer(i, -1000000000, 1000000000));
    }
    reset(false);
  }
  void reset(bool) {
    if (x.size() != n) x.resize(n);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x[i] = x0[i];
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // x is the in/out argument
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("x", e.x, x, why);
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::I32, x.data(), x.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
