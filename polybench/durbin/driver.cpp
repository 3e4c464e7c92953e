#include <harness/nested.hpp>
#include "args.hpp"

// polybench/durbin: the dataset index picks PolyBench 4.2.1's N. PolyBench's r[i] =
// n + 1 - i would make the Toeplitz matrix indefinite (|alpha| >= 1, the recursion then
// divides by beta <= 0). Here r is an autocorrelation-like sequence: a ramp like
// PolyBench's, 1 - i / (2n) (from 1 down to 0.5), times the decay 0.15 / (i + 1)^2, times
// a seeded factor in [0.5, 1.5). Then 2 * sum |r| < 0.15 * 1.5 * 2 * pi^2 / 6 < 0.75 < 1,
// so every leading Toeplitz matrix (unit diagonal, off-diagonals r) is strictly
// diagonally dominant, hence positive definite: every |alpha| < 1 and beta stays > 0.25.
// y decays like r (|y| >= ~1e-11 at N = 4000), far above the denormal range.
// r is an input only (checked intact); y is the output (poisoned when asked).
namespace {
// N per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr int kDatasets[5] = {40, 120, 400, 2000, 4000};
}  // namespace

struct Instance {
  int n;
  std::vector<double> r, r0, y;
  int64_t n_in;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), r(n), r0(n), y(n), n_in(n) {
    a = {n, &r, &y};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    for (int i = 0; i < n; ++i) {
      const double d = double(i + 1);
      r0[i] = 0.15 * (1.0 - 0.5 * double(i) / n) / (d * d) *
              s0.uniform(i, 0.5, 1.5);
    }
    harness::restore(r, r0);
  }
  void reset(bool poison) {
    harness::restore(r, r0);
    harness::reset_output(y, n, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::nested_intact("r", r, r0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { o.add("y", harness::F64, y.data(), y.size()); }
  void inputs(harness::Outputs& o) {
    o.add("n", harness::I64, &n_in, 1);
    o.add("r", harness::F64, r0.data(), r0.size());
  }
  size_t bytes() const { return 3 * size_t(n) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
