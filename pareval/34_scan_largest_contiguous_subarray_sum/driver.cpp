#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 34_scan_largest_contiguous_subarray_sum. Values are small integers (|x| <= 1000, so no
// sum of up to 10^6 elements overflows). The seed picks one of four kinds:
//   0: every value negative, in [-1000, -2] (the answer is the largest single value; code
//      that starts from an empty subarray returns 0, code that starts from x[0] fails
//      when the largest value is elsewhere), but for x[n-1] = -1, the answer, in half
//      of these seeds;
//   1: uniform in [-1000, 900] (negative drift: the best subarray is short, anywhere);
//   2: mostly negative ([-1000, 100]) with one planted segment of random length (1 to
//      n/4) whose values are in [-200, 1000] (the answer is near it), ending at x[n-1]
//      in half of these seeds, else anywhere (a scan that skips the last element fails);
//   3: uniform in [-900, 1000] (positive drift: the best subarray is long, and usually
//      starts after index 0 and ends before n-1).
struct Instance {
  size_t n;
  std::vector<int> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, 0}; }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    const int kind = int(s1.u64(0) % 4);
    const int64_t segLen = n ? s1.integer(1, 1, std::max<int64_t>(1, int64_t(n) / 4)) : 0;
    const bool at_end = s1.unit(3) < 0.5;  // kinds 0 and 2: the answer ends at x[n-1]
    const int64_t segStart = !n ? 0 : at_end ? int64_t(n) - segLen : s1.integer(2, 0, int64_t(n) - segLen);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      int64_t lo = -1000, hi = 1000;
      switch (kind) {
        case 0:
          if (at_end && i + 1 == nn) lo = hi = -1;
          else hi = -2;
          break;
        case 1: hi = 900; break;
        case 2:
          if (int64_t(i) >= segStart && int64_t(i) < segStart + segLen) lo = -200;
          else hi = 100;
          break;
        default: lo = -900;
      }
      x[i] = x0[i] = int(s0.integer(i, lo, hi));
    }
  }
  void reset(bool poison) { a.result = poison ? INT_MIN : 0; }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::scalar_equal("result", e.a.result, a.result, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::I32, &a.result, 1); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
