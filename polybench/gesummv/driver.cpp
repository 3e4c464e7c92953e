#include <harness/nested.hpp>
#include "args.hpp"

// gesummv: PolyBench 4.2.1 datasets (N). Inputs follow PolyBench's closed forms in
// floating point, x[i] = (i mod N)/N, A[i][j] = ((i*j+1) mod N)/N,
// B[i][j] = ((i*j+2) mod N)/N, each plus a seeded uniform term in [0, 0.5) (everything
// positive: no cancellation). tmp and y are pure outputs, poisoned when asked.
namespace {
const int kN[] = {30, 90, 250, 1300, 2800};
using Mat = harness::Mat2<double>;
using Vec = std::vector<double>;
}  // namespace

struct Instance {
  int n;
  double alpha = 1.5, beta = 1.2;
  Mat A, A0, B, B0;
  Vec tmp, x, x0, y;
  Vec flat[2];
  int64_t n_in;  // n as inputs() exposes it
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    n = kN[size < 5 ? size : 4];
    A = harness::make2(n, n), A0 = harness::make2(n, n);
    B = harness::make2(n, n), B0 = harness::make2(n, n);
    tmp.assign(n, 0.0), x.assign(n, 0.0), x0.assign(n, 0.0), y.assign(n, 0.0);
    a = {n, alpha, beta, &A, &B, &tmp, &x, &y};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    const double fn = n;
#pragma omp parallel for schedule(static) if (n > 1000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const uint64_t k = uint64_t(i) * n + j;
        A0[i][j] = double((int64_t(i) * j + 1) % n) / fn + s0.uniform(k, 0.0, 0.5);
        B0[i][j] = double((int64_t(i) * j + 2) % n) / fn + s1.uniform(k, 0.0, 0.5);
      }
    for (int i = 0; i < n; ++i) x0[i] = double(i % n) / fn + s2.uniform(i, 0.0, 0.5);
    reset(false);
  }
  void reset(bool poison) {
    harness::restore(A, A0), harness::restore(B, B0), harness::restore(x, x0);
    harness::reset_output(tmp, n, poison, harness::kPoison);
    harness::reset_output(y, n, poison, harness::kPoison);
    a = {n, alpha, beta, &A, &B, &tmp, &x, &y};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("A", A, A0, why) && harness::nested_intact("B", B, B0, why) &&
           harness::intact("x", x, x0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("tmp", e.tmp, tmp, rtol, atol, why) &&
           harness::all_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("tmp", harness::F64, tmp.data(), tmp.size());
    o.add("y", harness::F64, y.data(), y.size());
  }
  void inputs(harness::Outputs& o) {
    n_in = n;
    o.add("n", harness::I64, &n_in, 1);
    o.add("alpha", harness::F64, &alpha, 1);
    o.add("beta", harness::F64, &beta, 1);
    harness::flatten(A0, flat[0]), harness::flatten(B0, flat[1]);
    o.add("A", harness::F64, flat[0].data(), flat[0].size());
    o.add("B", harness::F64, flat[1].data(), flat[1].size());
    o.add("x", harness::F64, x0.data(), n);
  }
  size_t bytes() const { return (4 * size_t(n) * n + 4 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
