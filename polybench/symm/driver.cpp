#include <harness/nested.hpp>
#include "args.hpp"

// symm: PolyBench 4.2.1 datasets (M, N). Inputs follow PolyBench's closed forms in
// floating point, C[i][j] = ((i+j) mod 100)/M, B[i][j] = ((N+i-j) mod 100)/M, lower
// triangle A[i][j] = ((i+j) mod 100)/M (j <= i), each plus a seeded uniform term in
// [0, 0.5) (all positive: no cancellation). The upper triangle of A is never read by the
// kernel; as in PolyBench it holds -999, so code that reads it instead of the lower
// triangle fails. C is read and written (restored, never poisoned).
namespace {
const int kM[] = {20, 60, 200, 1000, 2000};
const int kN[] = {30, 80, 240, 1200, 2600};
using Mat = harness::Mat2<double>;
using Vec = std::vector<double>;
}  // namespace

struct Instance {
  int m, n;
  double alpha = 1.5, beta = 1.2;
  Mat C, C0, A, A0, B, B0;
  Vec flat[3];
  int64_t dims_in[2];  // m, n as inputs() exposes them
  harness::NestedOutputs<Mat> out{{"C", &C}};
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    m = kM[s], n = kN[s];
    C = harness::make2(m, n), C0 = harness::make2(m, n);
    A = harness::make2(m, m), A0 = harness::make2(m, m);
    B = harness::make2(m, n), B0 = harness::make2(m, n);
    a = {m, n, alpha, beta, &C, &A, &B};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    const double fm = m;
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        const uint64_t k = uint64_t(i) * n + j;
        C0[i][j] = double((i + j) % 100) / fm + s0.uniform(k, 0.0, 0.5);
        B0[i][j] = double((n + i - j) % 100) / fm + s1.uniform(k, 0.0, 0.5);
      }
      for (int j = 0; j < m; ++j)
        A0[i][j] = j <= i ? double((i + j) % 100) / fm +
                                s2.uniform(uint64_t(i) * m + j, 0.0, 0.5)
                          : -999.0;
    }
    reset(false);
  }
  void reset(bool) {
    harness::restore(C, C0), harness::restore(A, A0), harness::restore(B, B0);
    a = {m, n, alpha, beta, &C, &A, &B};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("A", A, A0, why) && harness::nested_intact("B", B, B0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("C", e.C, C, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    dims_in[0] = m, dims_in[1] = n;
    o.add("m", harness::I64, &dims_in[0], 1);
    o.add("n", harness::I64, &dims_in[1], 1);
    o.add("alpha", harness::F64, &alpha, 1);
    o.add("beta", harness::F64, &beta, 1);
    harness::flatten(C0, flat[0]), harness::flatten(A0, flat[1]), harness::flatten(B0, flat[2]);
    o.add("C", harness::F64, flat[0].data(), flat[0].size());
    o.add("A", harness::F64, flat[1].data(), flat[1].size());
    o.add("B", harness::F64, flat[2].data(), flat[2].size());
  }
  size_t bytes() const { return 2 * (2 * size_t(m) * n + size_t(m) * m) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
