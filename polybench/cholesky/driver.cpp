#include <harness/nested.hpp>
#include "args.hpp"

// polybench/cholesky: the dataset index picks PolyBench 4.2.1's N. A is symmetric positive
// definite (harness::fill_spd: strictly diagonally dominant, PolyBench's 1 - j/n pattern
// plus seeded perturbations; O(n^2) per seed).
// A is read and overwritten (restored from its pristine copy); all of it is compared.
namespace {
using Mat = harness::Mat2<double>;

// N per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr int kDatasets[5] = {40, 120, 400, 2000, 4000};
}  // namespace

struct Instance {
  int n;
  Mat A, A0;
  std::vector<double> flat_in;
  int64_t n_in;  // n as inputs() exposes it
  harness::NestedOutputs<Mat> out{{"A", &A}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), A(harness::make2(n, n)), A0(harness::make2(n, n)) {
    a = {n, &A};
  }
  void generate(uint64_t seed) {
    harness::fill_spd(A0, seed);
    harness::restore(A, A0);
  }
  void reset(bool) { harness::restore(A, A0); }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("A", e.A, A, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    n_in = n;
    o.add("n", harness::I64, &n_in, 1);
    harness::flatten(A0, flat_in);
    o.add("A", harness::F64, flat_in.data(), flat_in.size());
  }
  size_t bytes() const { return 2 * size_t(n) * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
