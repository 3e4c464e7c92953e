#include <harness/driver.hpp>
#include "args.hpp"

// 53_stencil_2d_jacobi_5-point_stencil: input uniform in [-1, 1) (every nonzero draw is
// at least 2^-52 in magnitude: no denormals), so border cells, which see zeros outside
// the grid, differ visibly from any other rule. The poison value is NaN.
struct Instance {
  size_t N;
  std::vector<double> x, x0, out;
  HarnessArgs a;

  explicit Instance(uint64_t size) : N(size), x(size * size), x0(size * size), out(size * size) {
    a = {&x, &out, N};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    const size_t m = N * N;
#pragma omp parallel for schedule(static) if (m > 100000)
    for (size_t i = 0; i < m; ++i) x[i] = x0[i] = s0.uniform(i, -1.0, 1.0);
  }
  void reset(bool poison) { harness::reset_output(out, N * N, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("input", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("output", e.out, out, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("output", harness::F64, out.data(), out.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("input", harness::F64, x0.data(), x0.size());
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return 3 * N * N * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
