#include <harness/nested.hpp>
#include "args.hpp"

// polybench/jacobi_1d: the dataset index picks PolyBench 4.2.1's TSTEPS, N. Inputs follow
// PolyBench's closed forms A[i] = (i+2)/n, B[i] = (i+3)/n, computed in floating point,
// plus a seeded perturbation in [-0.25, 0.25). Both arrays are read and overwritten (B's
// end points are read as boundary values): they are restored from pristine copies and
// both are compared.
namespace {
struct Dims { int tsteps, n; };
constexpr Dims kDatasets[5] = {{20, 30}, {40, 120}, {100, 400}, {500, 2000}, {1000, 4000}};
}  // namespace

struct Instance {
  Dims d;
  std::vector<double> A, A0, B, B0;
  int64_t dims[2];
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(d.n), A0(d.n), B(d.n), B0(d.n) {
    dims[0] = d.tsteps, dims[1] = d.n;
    a = {d.tsteps, d.n, &A, &B};
  }
  void generate(uint64_t seed) {
    const int n = d.n;
    for (int i = 0; i < n; ++i) {
      A0[i] = (i + 2.0) / n + harness::rand_uniform(seed, 0, i, -0.25, 0.25);
      B0[i] = (i + 3.0) / n + harness::rand_uniform(seed, 1, i, -0.25, 0.25);
    }
    reset(false);
  }
  // The other side's inputs for the same seed, copied instead of generated again.
  void copy_inputs(const Instance& src) {
    harness::restore(A0, src.A0);
    harness::restore(B0, src.B0);
    reset(false);
  }
  void reset(bool) {
    harness::restore(A, A0);
    harness::restore(B, B0);
    a = {d.tsteps, d.n, &A, &B};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("A", e.A, A, rtol, atol, why) &&
           harness::nested_close("B", e.B, B, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("A", harness::F64, A.data(), A.size());
    o.add("B", harness::F64, B.data(), B.size());
  }
  void inputs(harness::Outputs& o) {
    o.add("tsteps", harness::I64, &dims[0], 1);
    o.add("n", harness::I64, &dims[1], 1);
    o.add("A", harness::F64, A0.data(), A0.size());
    o.add("B", harness::F64, B0.data(), B0.size());
  }
  size_t bytes() const { return 4 * size_t(d.n) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
