#include <harness/driver.hpp>
#include "args.hpp"

// 29_reduce_sum_of_min_of_pairs. x[i] and y[i] = c + s * (u - 0.5), u uniform in [0, 1),
// with a per-seed spread s in [1, 20]; in about 10% of the pairs y[i] = x[i] exactly
// (ties). The mean of min(x, y) is then c - 0.9 * s / 6; the centre c is chosen so that
// this mean m is in +-[1, 10] (either sign): the sum is about m * n, far from 0, so a
// relative tolerance is meaningful. Either vector holds the minimum equally often.
// No NaN or denormals.
struct Instance {
  size_t n;
  std::vector<double> x, x0, y, y0;
  double result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), y(size), y0(size) {
    a = {&x, &y, &result};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    double m = s0.uniform(0, 1.0, 10.0);
    if (s0.u64(1) & 1) m = -m;
    const double s = s0.uniform(2, 1.0, 20.0);
    const double c = m + 0.9 * s / 6.0;
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double xv = c + s * (s1.unit(i) - 0.5);
      const double yv = s3.u64(i) % 10 == 0
                            ? xv
                            : c + s * (s2.unit(i) - 0.5);
      x[i] = x0[i] = xv;
      y[i] = y0[i] = yv;
    }
  }
  void reset(bool poison) { result = poison ? harness::kPoison : 0.0; }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("x", x, x0, why) && harness::intact("y", y, y0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::scalar_close("result", e.result, result, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::F64, &result, 1); }
  void inputs(harness::Outputs& o) const {
    o.add("x", harness::F64, x0.data(), x0.size());
    o.add("y", harness::F64, y0.data(), y0.size());
  }
  size_t bytes() const { return 4 * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
