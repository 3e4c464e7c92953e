#include <harness/driver.hpp>
#include "args.hpp"

// 57_transform_inverse_offset (in place). Values are non-zero: 85% have a log-uniform
// magnitude in [1e-3, 1e3) and a random sign (results from -999 to 1001, many near 1);
// 10% are within 1e-6 of 1 (results near 0: cancellation); 5% are exact small values
// +-1, +-2, +-0.5, +-4 (exact results 0, 2, 0.5, 1.5, -1, 3, 0.75, 1.25).
// No zeros (1/0), NaN or denormals. reset() restores x from the pristine copy.
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }
  void generate(uint64_t seed) {
    const harness::Stream s1(seed, 1), s2(seed, 2);
    static const double kExact[8] = {1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 4.0, -4.0};
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const uint64_t r = s1.u64(i);
      const uint64_t u = r % 100;
      const double w = s2.unit(i);
      double v;
      if (u < 85) {
        v = std::exp(std::log(1e-3) + w * (std::log(1e3) - std::log(1e-3)));
        if (r & 256) v = -v;
      } else if (u < 95) {
        v = 1.0 + (2.0 * w - 1.0) * 1e-6;
      } else {
        v = kExact[(r >> 8) % 8];
      }
      if (v == 0.0) v = 1.0;
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
