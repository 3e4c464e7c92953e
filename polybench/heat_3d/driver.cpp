#include <harness/nested.hpp>
#include "args.hpp"

// polybench/heat_3d: the dataset index picks PolyBench 4.2.1's TSTEPS, N. Inputs follow
// PolyBench's closed form A[i][j][k] = B[i][j][k] = (i + j + (n-k)) * 10 / n, computed in
// floating point, plus a seeded perturbation in [-1, 1) drawn separately for A and B.
// Both grids are read and overwritten (B's faces are read as boundary values): they are
// restored from pristine copies and both are compared.
namespace {
using T3 = harness::Mat3<double>;
struct Dims { int tsteps, n; };
constexpr Dims kDatasets[5] = {{20, 10}, {40, 20}, {100, 40}, {500, 120}, {1000, 200}};
}  // namespace

struct Instance {
  Dims d;
  T3 A, A0, B, B0;
  int64_t dims[2];
  std::vector<double> flat_out[2], flat_in[2];
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(harness::make3(d.n, d.n, d.n)),
        A0(harness::make3(d.n, d.n, d.n)), B(harness::make3(d.n, d.n, d.n)),
        B0(harness::make3(d.n, d.n, d.n)) {
    dims[0] = d.tsteps, dims[1] = d.n;
    a = {d.tsteps, d.n, &A, &B};
  }
  void generate(uint64_t seed) {
    const int n = d.n;
#pragma omp parallel for schedule(static) if (size_t(n) * n * n > 100000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const size_t row = (size_t(i) * n + j) * n;
        for (int k = 0; k < n; ++k) {
          const double v = double(i + j + (n - k)) * 10.0 / n;
          A0[i][j][k] = v + harness::rand_uniform(seed, 0, row + k, -1.0, 1.0);
          B0[i][j][k] = v + harness::rand_uniform(seed, 1, row + k, -1.0, 1.0);
        }
        std::copy(A0[i][j].begin(), A0[i][j].end(), A[i][j].begin());
        std::copy(B0[i][j].begin(), B0[i][j].end(), B[i][j].begin());
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
  size_t bytes() const { return 4 * size_t(d.n) * d.n * d.n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
