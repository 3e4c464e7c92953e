#include <harness/nested.hpp>
#include "args.hpp"

// polybench/bicg: the dataset index picks PolyBench 4.2.1's M, N (A is N x M). Inputs
// follow PolyBench's closed-form patterns (A: (i*(j+1) mod n)/n, p: (i mod m)/m,
// r: (i mod n)/n), computed in floating point, plus a seeded uniform perturbation.
// s and q are pure outputs (poisoned when asked); A, p and r are inputs only.
namespace {
using Mat = harness::Mat2<double>;

struct Dims { int m, n; };
constexpr Dims kDatasets[5] = {{38, 42}, {116, 124}, {390, 410}, {1900, 2100}, {1800, 2200}};
}  // namespace

struct Instance {
  Dims d;
  Mat A, A0;
  std::vector<double> s, q, p, p0, r, r0, flat_A;
  int64_t dims_in[2];  // m, n as inputs() exposes them
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(harness::make2(d.n, d.m)),
        A0(harness::make2(d.n, d.m)), s(d.m), q(d.n), p(d.m), p0(d.m), r(d.n),
        r0(d.n) {
    a = {d.m, d.n, &A, &s, &q, &p, &r};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    const int m = d.m, n = d.n;
#pragma omp parallel for schedule(static) if (size_t(m) * n > 100000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        A[i][j] = A0[i][j] = std::fmod(double(i) * (j + 1), double(n)) / n +
                             s0.uniform(size_t(i) * m + j, -0.25, 0.25);
    for (int j = 0; j < m; ++j)
      p[j] = p0[j] = double(j % m) / m + s1.uniform(j, -0.25, 0.25);
    for (int i = 0; i < n; ++i)
      r[i] = r0[i] = double(i % n) / n + s2.uniform(i, -0.25, 0.25);
  }
  void reset(bool poison) {
    harness::reset_output(s, d.m, poison, harness::kPoison);
    harness::reset_output(q, d.n, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("A", A, A0, why) && harness::intact("p", p, p0, why) &&
           harness::intact("r", r, r0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("s", e.s, s, rtol, atol, why) &&
           harness::all_close("q", e.q, q, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("s", harness::F64, s.data(), s.size());
    o.add("q", harness::F64, q.data(), q.size());
  }
  void inputs(harness::Outputs& o) {
    dims_in[0] = d.m, dims_in[1] = d.n;
    o.add("m", harness::I64, &dims_in[0], 1);
    o.add("n", harness::I64, &dims_in[1], 1);
    harness::flatten(A0, flat_A);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
    o.add("p", harness::F64, p0.data(), p0.size());
    o.add("r", harness::F64, r0.data(), r0.size());
  }
  size_t bytes() const {
    return (2 * size_t(d.m) * d.n + 3 * size_t(d.m) + 3 * size_t(d.n)) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
