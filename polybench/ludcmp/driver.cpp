#include <harness/nested.hpp>
#include "args.hpp"

// polybench/ludcmp: the dataset index picks PolyBench 4.2.1's N. A is symmetric positive
// definite as for polybench/lu (harness::fill_spd), so LU without pivoting is stable.
// b follows PolyBench's (i + 1) / (2n) + 4 plus a seeded perturbation in
// [-1, 1). A is read and overwritten (restored from its pristine copy); b is an input
// only (checked intact); x and y are pure outputs (poisoned when asked). A, x and y are
// all compared.
namespace {
using Mat = harness::Mat2<double>;

// N per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr int kDatasets[5] = {40, 120, 400, 2000, 4000};
}  // namespace

struct Instance {
  int n;
  int64_t n_in;
  Mat A, A0;
  std::vector<double> b, b0, x, y, flat_in;
  harness::NestedOutputs<Mat, std::vector<double>, std::vector<double>> out{
      {"A", &A}, {"x", &x}, {"y", &y}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), n_in(n), A(harness::make2(n, n)),
        A0(harness::make2(n, n)), b(n), b0(n), x(n), y(n) {
    a = {n, &A, &b, &x, &y};
  }
  void generate(uint64_t seed) {
    const harness::Stream s2(seed, 2);
    harness::fill_spd(A0, seed);
    harness::restore(A, A0);
    for (int i = 0; i < n; ++i)
      b0[i] = double(i + 1) / (2.0 * n) + 4.0 + s2.uniform(i, -1.0, 1.0);
    harness::restore(b, b0);
  }
  void reset(bool poison) {
    harness::restore(A, A0);
    harness::restore(b, b0);
    harness::reset_output(x, n, poison, harness::kPoison);
    harness::reset_output(y, n, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::nested_intact("b", b, b0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("A", e.A, A, rtol, atol, why) &&
           harness::nested_close("x", e.x, x, rtol, atol, why) &&
           harness::nested_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    harness::flatten(A0, flat_in);
    o.add("n", harness::I64, &n_in, 1);
    o.add("A", harness::F64, flat_in.data(), flat_in.size());
    o.add("b", harness::F64, b0.data(), b0.size());
  }
  size_t bytes() const { return (2 * size_t(n) * n + 4 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
