#include <harness/driver.hpp>
#include "args.hpp"

// 30_scan_prefix_sum: x uniform in [-1, 1) so sums stay O(sqrt(n)) and never denormal.
struct Instance {
  size_t n;
  std::vector<double> x, x0, output;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), output(size) {
    a = {&x, &output};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) x[i] = x0[i] = s0.uniform(i, -1.0, 1.0);
  }
  void reset(bool poison) { harness::reset_output(output, n, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("output", e.output, output, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("output", harness::F64, output.data(), output.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), n); }
  size_t bytes() const { return 3 * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
