#include <harness/nested.hpp>
#include "args.hpp"

// polybench/jacobi_2d: the dataset index picks PolyBench 4.2.1's TSTEPS, N. Inputs follow
// PolyBench's closed forms A[i][j] = (i*(j+2)+2)/n, B[i][j] = (i*(j+3)+3)/n, computed in
// floating point, plus a seeded perturbation in [-0.5, 0.5). Both grids are read and
// overwritten (B's outer ring is read as boundary values): they are restored from
// pristine copies and both are compared.
namespace {
using Mat = harness::Mat2<double>;
struct Dims { int tsteps, n; };
constexpr Dims kDatasets[5] = {{20, 30}, {40, 90}, {100, 250}, {500, 1300}, {1000, 2800}};
}  // namespace

struct Instance {
  Dims d;
  Mat A, A0, B, B0;
  int64_t dims[2];
  std::vector<double> flat_out[2], flat_in[2];
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(harness::make2(d.n, d.n)),
        A0(harness::make2(d.n, d.n)), B(harness::make2(d.n, d.n)), B0(harness::make2(d.n, d.n)) {
    dims[0] = d.tsteps, dims[1] = d.n;
    a = {d.tsteps, d.n, &A, &B};
  }
  void generate(uint64_t seed) {
    const int n = d.n;
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i) {
      const size_t row = size_t(i) * n;
      for (int j = 0; j < n; ++j) {
        A0[i][j] = (double(i) * (j + 2) + 2.0) / n +
                   harness::rand_uniform(seed, 0, row + j, -0.5, 0.5);
        B0[i][j] = (double(i) * (j + 3) + 3.0) / n +
                   harness::rand_uniform(seed, 1, row + j, -0.5, 0.5);
      }
      std::copy(A0[i].begin(), A0[i].end(), A[i].begin());
      std::copy(B0[i].begin(), B0[i].end(), B[i].begin());
    }
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
    harness::flatten(A, flat_out[0]);
    harness::flatten(B, flat_out[1]);
    o.add("A", harness::F64, flat_out[0].data(), flat_out[0].size());
    o.add("B", harness::F64, flat_out[1].data(), flat_out[1].size());
  }
  void inputs(harness::Outputs& o) {
    harness::flatten(A0, flat_in[0]);
    harness::flatten(B0, flat_in[1]);
    o.add("tsteps", harness::I64, &dims[0], 1);
    o.add("n", harness::I64, &dims[1], 1);
    o.add("A", harness::F64, flat_in[0].data(), flat_in[0].size());
    o.add("B", harness::F64, flat_in[1].data(), flat_in[1].size());
  }
  size_t bytes() const { return 4 * size_t(d.n) * d.n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
