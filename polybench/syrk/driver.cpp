#include <harness/nested.hpp>
#include "args.hpp"

// syrk: PolyBench 4.2.1 datasets (M, N). Inputs follow PolyBench's closed forms in
// floating point, A[i][j] = ((i*j+1) mod N)/N, C[i][j] = ((i*j+2) mod M)/M, each plus a
// seeded uniform term in [0, 0.5) (all positive: no cancellation). C is read and written
// (restored from its pristine copy); its strict upper triangle must stay unchanged and is
// compared too.
namespace {
const int kM[] = {20, 60, 200, 1000, 2000};
const int kN[] = {30, 80, 240, 1200, 2600};
using Mat = harness::Mat2<double>;
using Vec = std::vector<double>;
}  // namespace

struct Instance {
  int n, m;
  double alpha = 1.5, beta = 1.2;
  Mat C, C0, A, A0;
  Vec flat[2];
  int64_t dims_in[2];  // n, m as inputs() exposes them
  harness::NestedOutputs<Mat> out{{"C", &C}};
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    m = kM[s], n = kN[s];
    C = harness::make2(n, n), C0 = harness::make2(n, n);
    A = harness::make2(n, m), A0 = harness::make2(n, m);
    a = {n, m, alpha, beta, &C, &A};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < m; ++j)
        A0[i][j] = double((int64_t(i) * j + 1) % n) / n +
                   s0.uniform(uint64_t(i) * m + j, 0.0, 0.5);
      for (int j = 0; j < n; ++j)
        C0[i][j] = double((int64_t(i) * j + 2) % m) / m +
                   s1.uniform(uint64_t(i) * n + j, 0.0, 0.5);
    }
    reset(false);
  }
  void reset(bool) {
    harness::restore(C, C0), harness::restore(A, A0);
    a = {n, m, alpha, beta, &C, &A};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::nested_intact("A", A, A0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("C", e.C, C, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    dims_in[0] = n, dims_in[1] = m;
    o.add("n", harness::I64, &dims_in[0], 1);
    o.add("m", harness::I64, &dims_in[1], 1);
    o.add("alpha", harness::F64, &alpha, 1);
    o.add("beta", harness::F64, &beta, 1);
    harness::flatten(C0, flat[0]), harness::flatten(A0, flat[1]);
    o.add("C", harness::F64, flat[0].data(), flat[0].size());
    o.add("A", harness::F64, flat[1].data(), flat[1].size());
  }
  size_t bytes() const { return 2 * (size_t(n) * n + size_t(n) * m) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
