#include <harness/driver.hpp>
#include "args.hpp"

// 01_dense_la_solve: A is N x N with off-diagonal entries uniform in [-1, 1) and a
// diagonal of random sign whose magnitude exceeds the sum of the other magnitudes in its
// column by a random 1..2 (strict column diagonal dominance: nonsingular, well
// conditioned, and elimination without pivoting is stable). b = A*x_true with x_true
// uniform in [-1, 1), so the solution is O(1) everywhere (an absolute tolerance means the
// same thing for every entry) and x_true itself is never handed to the candidate.
struct Instance {
  size_t N;
  std::vector<double> A, A0, b, b0, x;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : N(size), A(size * size), A0(size * size), b(size), b0(size), x(size) {
    a = {&A, &b, &x, N};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const size_t n = N * N;
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) A[i] = s0.uniform(i, -1.0, 1.0);
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t j = 0; j < N; ++j) {
      double s = 0.0;
      for (size_t i = 0; i < N; ++i)
        if (i != j) s += std::fabs(A[i * N + j]);
      const double d = s + s1.uniform(j, 1.0, 2.0);
      A[j * N + j] = (s2.u64(j) & 1) ? -d : d;
    }
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < N; ++i) {
      double s = 0.0;
      for (size_t j = 0; j < N; ++j) s += A[i * N + j] * s3.uniform(j, -1.0, 1.0);
      b[i] = s;
    }
    std::copy(A.begin(), A.end(), A0.begin());
    std::copy(b.begin(), b.end(), b0.begin());
  }
  void reset(bool poison) { harness::reset_output(x, N, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("A", A, A0, why) && harness::intact("b", b, b0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x", e.x, x, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::F64, x.data(), x.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("A", harness::F64, A0.data(), A0.size());
    o.add("b", harness::F64, b0.data(), b0.size());
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return (2 * N * N + 3 * N) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
