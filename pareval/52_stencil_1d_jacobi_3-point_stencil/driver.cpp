#include <harness/driver.hpp>
#include "args.hpp"

// 52_stencil_1d_jacobi_3-point_stencil: input uniform in [-1, 1) (no denormals: every
// nonzero draw is at least 2^-52 in magnitude, far above the denormal range),
// so the two end points, which see a zero past the end, differ visibly from any other
// rule. The poison value is NaN.
struct Instance {
  size_t n;
  std::vector<double> x, x0, out;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), out(size) { a = {&x, &out}; }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) x[i] = x0[i] = s0.uniform(i, -1.0, 1.0);
  }
  void reset(bool poison) { harness::reset_output(out, n, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("input", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("output", e.out, out, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("output", harness::F64, out.data(), out.size()); }
  void inputs(harness::Outputs& o) const { o.add("input", harness::F64, x0.data(), n); }
  size_t bytes() const { return 3 * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
