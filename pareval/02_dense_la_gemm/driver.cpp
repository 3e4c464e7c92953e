#include <harness/driver.hpp>
#include "args.hpp"

// 02_dense_la_gemm: size S gives M = S, K = S/4, N = S/2 (so M, K, N differ and code that
// mixes up the dimensions fails). A, B and the incoming C are uniform in [-1, 1): C is
// nonzero, so code that overwrites C (C = A*B) instead of accumulating fails.
struct Instance {
  size_t M, K, N;
  std::vector<double> A, A0, B, B0, C, C0;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : M(size), K(size / 4), N(size / 2),
        A(M * K), A0(M * K), B(K * N), B0(K * N), C(M * N), C0(M * N) {
    a = {&A, &B, &C, M, K, N};
  }
  static void fill(std::vector<double>& v, std::vector<double>& v0, const harness::Stream&
                   stream) {
    const size_t n = v.size();
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) v[i] = v0[i] = stream.uniform(i, -1.0, 1.0);
  }
  void generate(uint64_t seed) {
    fill(A, A0, harness::Stream(seed, 0));
    fill(B, B0, harness::Stream(seed, 1));
    fill(C, C0, harness::Stream(seed, 2));
  }
  // C is both input and output: it is restored from its pristine copy (never poisoned).
  void reset(bool) {
    if (C.size() == C0.size())
      std::copy(C0.begin(), C0.end(), C.begin());
    else
      C = C0;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("A", A, A0, why) && harness::intact("B", B, B0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("C", e.C, C, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("C", harness::F64, C.data(), C.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("A", harness::F64, A0.data(), A0.size());
    o.add("B", harness::F64, B0.data(), B0.size());
    o.add("C", harness::F64, C0.data(), C0.size());
    o.add("M", harness::U64, &M, 1);
    o.add("K", harness::U64, &K, 1);
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return 2 * (M * K + K * N + M * N) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
