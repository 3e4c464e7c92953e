#include <harness/driver.hpp>
#include "args.hpp"

// 00_dense_la_lu_decomp: A is N x N with off-diagonal entries uniform in [-1, 1) and a
// diagonal of random sign whose magnitude exceeds the sum of the other magnitudes in its
// column by a random 1..2 (strict column diagonal dominance). Such a matrix has an LU
// factorization without pivoting, elimination keeps it column-dominant (every multiplier
// has magnitude < 1, no growth), and any correct elimination order gives the same L and U
// up to rounding. A is both input and output.
struct Instance {
  size_t N;
  std::vector<double> A, A0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : N(size), A(size * size), A0(size * size) { a = {&A, N}; }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    const size_t n = N * N;
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) A0[i] = s0.uniform(i, -1.0, 1.0);
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t j = 0; j < N; ++j) {
      double s = 0.0;
      for (size_t i = 0; i < N; ++i)
        if (i != j) s += std::fabs(A0[i * N + j]);
      const double d = s + s1.uniform(j, 1.0, 2.0);
      A0[j * N + j] = (s2.u64(j) & 1) ? -d : d;
    }
    std::copy(A0.begin(), A0.end(), A.begin());
  }
  void reset(bool) {
    if (A.size() == A0.size())
      std::copy(A0.begin(), A0.end(), A.begin());
    else
      A = A0;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // no const inputs
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("A", e.A, A, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("A", harness::F64, A.data(), A.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("A", harness::F64, A0.data(), A0.size());
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return 2 * N * N * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
