#include <harness/nested.hpp>
#include "args.hpp"

// polybench/trisolv: the dataset index picks PolyBench 4.2.1's N. L is lower triangular
// (zeros above the diagonal, as in PolyBench): below the diagonal PolyBench's pattern
// (i + n - j + 1) / n, scaled by 0.5 and perturbed by a seeded value in [-0.5, 0.5); the
// diagonal is 1 + the row's absolute off-diagonal sum times a seeded factor in [0.5, 1),
// so the substitution stays bounded (no overflow, no denormals) while every earlier
// x[j] still matters. b is PolyBench's i / n plus a seeded perturbation in [-1, 1).
// x is a pure output (poisoned when asked); L and b are inputs only.
namespace {
using Mat = harness::Mat2<double>;

// N per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr int kDatasets[5] = {40, 120, 400, 2000, 4000};
}  // namespace

struct Instance {
  int n;
  Mat L, L0;
  std::vector<double> x, b, b0, flat;
  int64_t n_in;  // n as inputs() exposes it
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), L(harness::make2(n, n)), L0(harness::make2(n, n)),
        x(n), b(n), b0(n) {
    a = {n, &L, &x, &b};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
#pragma omp parallel for schedule(dynamic, 16) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i) {
      double s = 0.0;
      for (int j = 0; j < i; ++j) {
        const double v = 0.5 * double(i + n - j + 1) / n +
                         s0.uniform(size_t(i) * n + j, -0.5, 0.5);
        L[i][j] = L0[i][j] = v;
        s += std::fabs(v);
      }
      L[i][i] = L0[i][i] = 1.0 + s * s1.uniform(i, 0.5, 1.0);
      for (int j = i + 1; j < n; ++j) L[i][j] = L0[i][j] = 0.0;
    }
    for (int i = 0; i < n; ++i)
      b[i] = b0[i] = double(i) / n + s2.uniform(i, -1.0, 1.0);
  }
  void reset(bool poison) { harness::reset_output(x, n, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("L", L, L0, why) && harness::intact("b", b, b0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x", e.x, x, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { o.add("x", harness::F64, x.data(), x.size()); }
  void inputs(harness::Outputs& o) {
    n_in = n;
    o.add("n", harness::I64, &n_in, 1);
    harness::flatten(L0, flat);
    o.add("L", harness::F64, flat.data(), flat.size());
    o.add("b", harness::F64, b0.data(), b0.size());
  }
  size_t bytes() const { return (2 * size_t(n) * n + 3 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
