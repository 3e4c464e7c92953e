#include <harness/nested.hpp>
#include "args.hpp"

// polybench/atax: the dataset index picks PolyBench 4.2.1's M, N. Inputs follow
// PolyBench's closed-form patterns (A: ((i+j) mod n)/(5m), x: 1 + i/n), computed in
// floating point, plus a seeded uniform perturbation. y and tmp are pure outputs
// (poisoned when asked); A and x are inputs only.
namespace {
using Mat = harness::Mat2<double>;

struct Dims { int m, n; };
constexpr Dims kDatasets[5] = {{38, 42}, {116, 124}, {390, 410}, {1900, 2100}, {1800, 2200}};
}  // namespace

struct Instance {
  Dims d;
  Mat A, A0;
  std::vector<double> x, x0, y, tmp, flat_A;
  int64_t dims_in[2];  // m, n as inputs() exposes them
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(harness::make2(d.m, d.n)),
        A0(harness::make2(d.m, d.n)), x(d.n), x0(d.n), y(d.n), tmp(d.m) {
    a = {d.m, d.n, &A, &x, &y, &tmp};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    const int m = d.m, n = d.n;
#pragma omp parallel for schedule(static) if (size_t(m) * n > 100000)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        A[i][j] = A0[i][j] = double((i + j) % n) / (5.0 * m) +
                             s0.uniform(size_t(i) * n + j, -0.05, 0.05);
    for (int j = 0; j < n; ++j)
      x[j] = x0[j] = 1.0 + double(j) / n + s1.uniform(j, -0.5, 0.5);
  }
  void reset(bool poison) {
    harness::reset_output(y, d.n, poison, harness::kPoison);
    harness::reset_output(tmp, d.m, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("A", A, A0, why) && harness::intact("x", x, x0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("tmp", e.tmp, tmp, rtol, atol, why) &&
           harness::all_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("y", harness::F64, y.data(), y.size());
    o.add("tmp", harness::F64, tmp.data(), tmp.size());
  }
  void inputs(harness::Outputs& o) {
    dims_in[0] = d.m, dims_in[1] = d.n;
    o.add("m", harness::I64, &dims_in[0], 1);
    o.add("n", harness::I64, &dims_in[1], 1);
    harness::flatten(A0, flat_A);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
    o.add("x", harness::F64, x0.data(), x0.size());
  }
  size_t bytes() const {
    return (2 * size_t(d.m) * d.n + 3 * size_t(d.n) + d.m) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
