#include <harness/nested.hpp>
#include "args.hpp"

// polybench/doitgen: the dataset index picks PolyBench 4.2.1's NQ, NR, NP. Inputs follow
// PolyBench's closed-form patterns (A: ((r*q + p) mod np)/np, C4: (i*j mod np)/np),
// computed in floating point, plus a seeded uniform perturbation in [-0.25, 0.25).
// A is read and overwritten (restored from its pristine copy); sum is a scratch output
// (poisoned when asked) and is compared too; C4 is an input only.
namespace {
using Mat = harness::Mat2<double>;

struct Dims { int nq, nr, np; };
constexpr Dims kDatasets[5] = {
    {8, 10, 12}, {20, 25, 30}, {40, 50, 60}, {140, 150, 160}, {220, 250, 270}};
}  // namespace

struct Instance {
  Dims d;
  harness::Mat3<double> A, A0;
  Mat C4, C4_0;
  std::vector<double> sum, flat_A, flat_C4;
  int64_t dims_in[3];  // nr, nq, np as inputs() exposes them
  harness::NestedOutputs<harness::Mat3<double>, std::vector<double>> out{{"A", &A}, {"sum", &sum}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(harness::make3(d.nr, d.nq, d.np)),
        A0(harness::make3(d.nr, d.nq, d.np)), C4(harness::make2(d.np, d.np)),
        C4_0(harness::make2(d.np, d.np)), sum(d.np) {
    a = {d.nr, d.nq, d.np, &A, &C4, &sum};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    const int nr = d.nr, nq = d.nq, np = d.np;
#pragma omp parallel for schedule(static) if (size_t(nr) * nq * np > 100000)
    for (int r = 0; r < nr; ++r)
      for (int q = 0; q < nq; ++q)
        for (int p = 0; p < np; ++p)
          A[r][q][p] = A0[r][q][p] =
              std::fmod(double(r) * q + p, double(np)) / np +
              s0.uniform((size_t(r) * nq + q) * np + p, -0.25, 0.25);
    for (int i = 0; i < np; ++i)
      for (int j = 0; j < np; ++j)
        C4[i][j] = C4_0[i][j] = std::fmod(double(i) * j, double(np)) / np +
                                s1.uniform(size_t(i) * np + j, -0.25, 0.25);
  }
  void reset(bool poison) {
    harness::restore(A, A0);
    harness::reset_output(sum, d.np, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::nested_intact("C4", C4, C4_0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("A", e.A, A, rtol, atol, why) &&
           harness::all_close("sum", e.sum, sum, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    const int dims[3] = {d.nr, d.nq, d.np};
    const char* dim_names[3] = {"nr", "nq", "np"};
    for (int k = 0; k < 3; ++k) {
      dims_in[k] = dims[k];
      o.add(dim_names[k], harness::I64, &dims_in[k], 1);
    }
    harness::flatten(A0, flat_A);
    harness::flatten(C4_0, flat_C4);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
    o.add("C4", harness::F64, flat_C4.data(), flat_C4.size());
  }
  size_t bytes() const {
    return (2 * size_t(d.nr) * d.nq * d.np + 2 * size_t(d.np) * d.np + d.np) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
