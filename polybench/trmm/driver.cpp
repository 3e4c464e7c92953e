#include <harness/nested.hpp>
#include "args.hpp"

// trmm: PolyBench 4.2.1 datasets (M, N). Inputs follow PolyBench's closed forms in
// floating point, strict lower triangle A[i][j] = ((i+j) mod M)/M (j < i),
// B[i][j] = ((N+i-j) mod N)/N, each plus a seeded uniform term in [0, 0.5) (all
// positive: no cancellation). The kernel never reads the diagonal (unit, implied) nor the
// upper triangle of A: the diagonal holds 1 plus a seeded term and the upper triangle
// -999, so code that reads either fails. B is read and written (restored, not poisoned).
namespace {
const int kM[] = {20, 60, 200, 1000, 2000};
const int kN[] = {30, 80, 240, 1200, 2600};
using Mat = harness::Mat2<double>;
using Vec = std::vector<double>;
}  // namespace

struct Instance {
  int m, n;
  double alpha = 1.5;
  Mat A, A0, B, B0;
  Vec flat[2];
  int64_t dims_in[2];  // m, n as inputs() exposes them
  harness::NestedOutputs<Mat> out{{"B", &B}};
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    m = kM[s], n = kN[s];
    A = harness::make2(m, m), A0 = harness::make2(m, m);
    B = harness::make2(m, n), B0 = harness::make2(m, n);
    a = {m, n, alpha, &A, &B};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < m; ++j) {
        const double r = s0.uniform(uint64_t(i) * m + j, 0.0, 0.5);
        A0[i][j] = j < i ? double((i + j) % m) / m + r : j == i ? 1.0 + r : -999.0;
      }
      for (int j = 0; j < n; ++j)
        B0[i][j] = double((n + i - j) % n) / n +
                   s1.uniform(uint64_t(i) * n + j, 0.0, 0.5);
    }
    reset(false);
  }
  void reset(bool) {
    harness::restore(A, A0), harness::restore(B, B0);
    a = {m, n, alpha, &A, &B};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::nested_intact("A", A, A0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("B", e.B, B, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    dims_in[0] = m, dims_in[1] = n;
    o.add("m", harness::I64, &dims_in[0], 1);
    o.add("n", harness::I64, &dims_in[1], 1);
    o.add("alpha", harness::F64, &alpha, 1);
    harness::flatten(A0, flat[0]), harness::flatten(B0, flat[1]);
    o.add("A", harness::F64, flat[0].data(), flat[0].size());
    o.add("B", harness::F64, flat[1].data(), flat[1].size());
  }
  size_t bytes() const { return 2 * (size_t(m) * m + size_t(m) * n) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
