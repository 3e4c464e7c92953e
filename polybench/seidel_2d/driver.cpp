#include <harness/nested.hpp>
#include "args.hpp"

// polybench/seidel_2d: the dataset index picks PolyBench 4.2.1's TSTEPS, N. The input
// follows PolyBench's closed form A[i][j] = (i*(j+2)+2)/n, computed in floating point,
// plus a seeded perturbation in [-0.5, 0.5). A is read and overwritten in place (its outer
// ring is read as boundary values): it is restored from its pristine copy and compared.
namespace {
using Mat = harness::Mat2<double>;
struct Dims { int tsteps, n; };
constexpr Dims kDatasets[5] = {{20, 40}, {40, 120}, {100, 400}, {500, 2000}, {1000, 4000}};
}  // namespace

struct Instance {
  Dims d;
  Mat A, A0;
  int64_t dims[2];
  std::vector<double> flat_in;
  harness::NestedOutputs<Mat> out{{"A", &A}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(harness::make2(d.n, d.n)),
        A0(harness::make2(d.n, d.n)) {
    dims[0] = d.tsteps, dims[1] = d.n;
    a = {d.tsteps, d.n, &A};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    const int n = d.n;
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i) {
      const size_t row = size_t(i) * n;
      for (int j = 0; j < n; ++j)
        A0[i][j] = (double(i) * (j + 2) + 2.0) / n +
                   s0.uniform(row + j, -0.5, 0.5);
      std::copy(A0[i].begin(), A0[i].end(), A[i].begin());
    }
  }
  // The other side's inputs for the same seed, copied instead of generated again.
  void copy_inputs(const Instance& src) {
    harness::restore(A0, src.A0);
    reset(false);
  }
  void reset(bool) {
    harness::restore(A, A0);
    a = {d.tsteps, d.n, &A};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("A", e.A, A, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    harness::flatten(A0, flat_in);
    o.add("tsteps", harness::I64, &dims[0], 1);
    o.add("n", harness::I64, &dims[1], 1);
    o.add("A", harness::F64, flat_in.data(), flat_in.size());
  }
  size_t bytes() const { return 2 * size_t(d.n) * d.n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
