#include <harness/driver.hpp>
#include "args.hpp"

// 55_transform_relu (in place). Each value is negative with a per-seed probability in
// [0.05, 0.95], has a log-uniform magnitude in [1e-3, 1e3), and about 4% are exactly
// +0.0. No -0.0 (whose ReLU is -0.0 or +0.0 depending on the formulation; the two
// compare equal anyway), NaN or denormals. reset() restores x from the pristine copy.
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const double pneg = s0.uniform(0, 0.05, 0.95);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      double v = 0.0;
      if (s1.u64(i) % 25 != 0) {
        v = std::exp(std::log(1e-3) + s2.unit(i) * (std::log(1e3) - std::log(1e-3)));
        if (s3.unit(i) < pneg) v = -v;
      }
      x0[i] = v;
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
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x", e.x, x, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::F64, x.data(), x.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
