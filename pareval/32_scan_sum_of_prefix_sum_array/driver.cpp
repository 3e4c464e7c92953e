#include <harness/driver.hpp>
#include "args.hpp"

// 32_scan_sum_of_prefix_sum_array. The answer is sum_i (n - i) * x[i]. x is drawn as
// multiples of 2^-20 in [-1, 2) (mean 1/2, both signs, never denormal), so the prefix
// sums drift upwards like i/2 and the answer (~n^2/4) is far from 0: the relative
// rounding error of any summation order stays tiny, while an off-by-one weight
// (exclusive scan, missing first or last element) changes the answer by ~n/2 or more,
// i.e. by a relative 2/n: caught at the validation sizes. In a third of the seeds the
// first element is large, 1 + [n, 1.5n) or -(1 + [n, 1.5n)), so that dropping x[0] or
// its weight n matters at every size (the answer is then ~1.5n^2 or ~-n^2: still far
// from 0). Below n = 65536 every partial sum of any order is an exact multiple of 2^-20
// below 2^53, so any correct method gives the exact answer there.
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, 0.0}; }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const int64_t k = s0.integer(i, -(int64_t(1) << 20), (int64_t(2) << 20) - 1);
      x[i] = x0[i] = double(k) * 0x1.0p-20;
    }
    if (nn > 0 && s1.u64(0) % 3 == 0) {
      const double big = std::floor(s1.uniform(1, 1.0, 1.5) * double(nn));
      x[0] = x0[0] = (s1.u64(2) & 1) ? big + 1.0 : -big - 1.0;
    }
  }
  void reset(bool poison) { a.result = poison ? harness::kPoison : 0.0; }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::scalar_close("result", e.a.result, a.result, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::F64, &a.result, 1); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
