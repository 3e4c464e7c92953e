#include <harness/nested.hpp>
#include "args.hpp"

// polybench/mvt: the dataset index picks PolyBench 4.2.1's N. Inputs follow PolyBench's
// closed-form patterns (A: (i*j mod n)/n, x1: (i mod n)/n, x2: ((i+1) mod n)/n,
// y_1: ((i+3) mod n)/n, y_2: ((i+4) mod n)/n), computed in floating point, plus a seeded
// uniform perturbation in [-0.25, 0.25). x1 and x2 are read and written (restored from
// pristine copies); A, y_1 and y_2 are inputs only.
namespace {
using Mat = harness::Mat2<double>;

// N per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr int kDatasets[5] = {40, 120, 400, 2000, 4000};
}  // namespace

struct Instance {
  int n;
  Mat A, A0;
  std::vector<double> x1, x1_0, x2, x2_0, y1, y1_0, y2, y2_0, flat_A;
  int64_t n_in;  // n as inputs() exposes it
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), A(harness::make2(n, n)), A0(harness::make2(n, n)),
        x1(n), x1_0(n), x2(n), x2_0(n), y1(n), y1_0(n), y2(n), y2_0(n) {
    a = {n, &x1, &x2, &y1, &y2, &A};
  }
  void vec(std::vector<double>& v, std::vector<double>& v0, const harness::Stream& stream,
           int shift) {
    for (int i = 0; i < n; ++i)
      v[i] = v0[i] = double((i + shift) % n) / n + stream.uniform(i, -0.25, 0.25);
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        A[i][j] = A0[i][j] = std::fmod(double(i) * j, double(n)) / n +
                             s0.uniform(size_t(i) * n + j, -0.25, 0.25);
    vec(x1, x1_0, harness::Stream(seed, 1), 0);
    vec(x2, x2_0, harness::Stream(seed, 2), 1);
    vec(y1, y1_0, harness::Stream(seed, 3), 3);
    vec(y2, y2_0, harness::Stream(seed, 4), 4);
  }
  void reset(bool) {
    harness::restore(x1, x1_0);
    harness::restore(x2, x2_0);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("A", A, A0, why) && harness::intact("y_1", y1, y1_0, why) &&
           harness::intact("y_2", y2, y2_0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x1", e.x1, x1, rtol, atol, why) &&
           harness::all_close("x2", e.x2, x2, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("x1", harness::F64, x1.data(), x1.size());
    o.add("x2", harness::F64, x2.data(), x2.size());
  }
  void inputs(harness::Outputs& o) {
    n_in = n;
    o.add("n", harness::I64, &n_in, 1);
    o.add("x1", harness::F64, x1_0.data(), x1_0.size());
    o.add("x2", harness::F64, x2_0.data(), x2_0.size());
    o.add("y_1", harness::F64, y1_0.data(), y1_0.size());
    o.add("y_2", harness::F64, y2_0.data(), y2_0.size());
    harness::flatten(A0, flat_A);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
  }
  size_t bytes() const { return (2 * size_t(n) * n + 8 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
