#include <harness/driver.hpp>
#include "args.hpp"

// 04_dense_la_gemv: size S gives M = S/2 rows and N = S columns (M != N, so code that
// mixes up the dimensions or the row stride fails). A and x are uniform in [-1, 1); y
// arrives filled with NaN when poisoned, so rows left unwritten fail.
struct Instance {
  size_t M, N;
  std::vector<double> A, A0, x, x0, y;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : M(size / 2), N(size), A(M * N), A0(M * N), x(N), x0(N), y(M) {
    a = {&A, &x, &y, M, N};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    const size_t n = A.size();
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) A[i] = A0[i] = s0.uniform(i, -1.0, 1.0);
    for (size_t j = 0; j < N; ++j) x[j] = x0[j] = s1.uniform(j, -1.0, 1.0);
  }
  void reset(bool poison) { harness::reset_output(y, M, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("A", A, A0, why) && harness::intact("x", x, x0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("y", harness::F64, y.data(), y.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("A", harness::F64, A0.data(), A0.size());
    o.add("x", harness::F64, x0.data(), x0.size());
    o.add("M", harness::U64, &M, 1);
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return (2 * M * N + 2 * N + M) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
