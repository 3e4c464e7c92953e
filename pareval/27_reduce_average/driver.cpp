#include <harness/driver.hpp>
#include "args.hpp"

// 27_reduce_average. x[i] = c + s * (u - 0.5), u uniform in [0, 1), with a per-seed
// centre |c| in [1, 10] of either sign and spread s in [1, 20]: the mean is far from 0
// (so a relative tolerance is meaningful, |sum| >= |c| n / 11 roughly) and never
// overflows; values are mixed in sign when s > 2|c|. Sizes start at 1: the mean of an
// empty vector is undefined (the baseline would return 0/0 = NaN).
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  double result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, &result}; }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    double c = s0.uniform(0, 1.0, 10.0);
    if (s0.u64(1) & 1) c = -c;
    const double s = s0.uniform(2, 1.0, 20.0);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x[i] = x0[i] = c + s * (s1.unit(i) - 0.5);
  }
  void reset(bool poison) { result = poison ? harness::kPoison : 0.0; }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::scalar_close("result", e.result, result, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::F64, &result, 1); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), x0.size()); }
  size_t bytes() const { return 2 * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
