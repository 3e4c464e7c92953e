#include <harness/driver.hpp>
#include "args.hpp"

// 03_dense_la_axpy: x and y uniform in [-1, 1); alpha drawn per seed with |alpha| in
// [0.5, 2] and a random sign (never 0 or 1, so dropping alpha, x or y fails). z arrives
// filled with NaN when poisoned, so any element left unwritten fails.
struct Instance {
  size_t n;
  std::vector<double> x, x0, y, y0, z;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), y(size), y0(size), z(size) {
    a = {0.0, &x, &y, &z};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) {
      x[i] = x0[i] = s0.uniform(i, -1.0, 1.0);
      y[i] = y0[i] = s1.uniform(i, -1.0, 1.0);
    }
    const double mag = s2.uniform(0, 0.5, 2.0);
    a.alpha = s2.u64(1) & 1 ? -mag : mag;
  }
  void reset(bool poison) { harness::reset_output(z, n, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("x", x, x0, why) && harness::intact("y", y, y0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("z", e.z, z, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("z", harness::F64, z.data(), z.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("alpha", harness::F64, &a.alpha, 1);
    o.add("x", harness::F64, x0.data(), x0.size());
    o.add("y", harness::F64, y0.data(), y0.size());
  }
  size_t bytes() const { return 5 * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
