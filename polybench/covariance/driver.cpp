#include <harness/nested.hpp>
#include "args.hpp"

// covariance: PolyBench 4.2.1 datasets (M, N). data is N x M; PolyBench's closed form is
// data[i][j] = i*j/M, evaluated here in floating point (an upstream port's integer
// evaluation made it degenerate) and scaled by 1/N so every column's trend spans [0, j/M],
// plus a seeded uniform term in [-0.5, 0.5) so that every column, including column 0,
// varies and the covariances are not those of perfectly collinear columns.
// data is read and written (restored from its pristine copy); cov and mean are pure
// outputs (poisoned when asked).
namespace {
const int kM[] = {28, 80, 240, 1200, 2600};
const int kN[] = {32, 100, 260, 1400, 3000};
using Mat = harness::Mat2<double>;
using Vec = std::vector<double>;
}  // namespace

struct Instance {
  int m, n;
  Mat data, data0, cov;
  Vec mean;
  Vec flat_in;
  int64_t dims_in[2];  // m, n as inputs() exposes them
  harness::NestedOutputs<Mat, Mat, Vec> out{{"data", &data}, {"cov", &cov}, {"mean", &mean}};
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    m = kM[s], n = kN[s];
    data = harness::make2(n, m), data0 = harness::make2(n, m), cov = harness::make2(m, m);
    mean.assign(m, 0.0);
    a = {m, n, &data, &cov, &mean};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        data0[i][j] = double(i) * j / m / n +
                      s0.uniform(uint64_t(i) * m + j, -0.5, 0.5);
    reset(false);
  }
  void reset(bool poison) {
    harness::restore(data, data0);
    harness::reset_output2(cov, m, m, poison, harness::kPoison);
    harness::reset_output(mean, m, poison, harness::kPoison);
    a = {m, n, &data, &cov, &mean};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // every array is written
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("mean", e.mean, mean, rtol, atol, why) &&
           harness::nested_close("data", e.data, data, rtol, atol, why) &&
           harness::nested_close("cov", e.cov, cov, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    dims_in[0] = m, dims_in[1] = n;
    o.add("m", harness::I64, &dims_in[0], 1);
    o.add("n", harness::I64, &dims_in[1], 1);
    harness::flatten(data0, flat_in);
    o.add("data", harness::F64, flat_in.data(), flat_in.size());
  }
  size_t bytes() const { return (2 * size_t(n) * m + size_t(m) * m + m) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
