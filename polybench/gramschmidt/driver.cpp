#include <harness/nested.hpp>
#include "args.hpp"

// polybench/gramschmidt: the dataset index picks PolyBench 4.2.1's (M, N) pair, with
// the roles swapped: PolyBench's A is M x N with M < N (20 x 30 ... 2000 x 2600), so its
// columns past the M-th are linearly dependent, their residuals are rounding noise and
// the normalised Q columns (noise / noise) differ between any two summation orders. Here
// A has m = PolyBench's N rows and n = PolyBench's M columns (m > n), so it has full
// column rank. A follows PolyBench's pattern ((i * j) mod m) / m (without its x100 + 10,
// which only adds a dominant rank-one part) plus a seeded perturbation in [-1, 1):
// condition numbers ~15 (MINI) to ~300 (LARGE), so modified Gram-Schmidt is accurate.
// A is read and overwritten (restored from its pristine copy). Q is a pure output and
// R's upper triangle (diagonal included) too (both poisoned when asked); R's strictly
// lower triangle is never written by the kernel and is reset to 0, as PolyBench
// initialises it. A, R and Q are all compared.
namespace {
using Mat = harness::Mat2<double>;

struct Dims {
  int m, n;  // rows, columns of A
};
// (m, n) per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE: (N, M) of PolyBench.
constexpr Dims kDatasets[5] = {{30, 20}, {80, 60}, {240, 200}, {1200, 1000}, {2600, 2000}};
}  // namespace

struct Instance {
  Dims d;
  int64_t m_in, n_in;
  Mat A, A0, R, Q;
  std::vector<double> flat_in;
  harness::NestedOutputs<Mat, Mat, Mat> out{{"A", &A}, {"R", &R}, {"Q", &Q}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), m_in(d.m), n_in(d.n), A(harness::make2(d.m, d.n)),
        A0(harness::make2(d.m, d.n)), R(harness::make2(d.n, d.n)), Q(harness::make2(d.m, d.n)) {
    a = {d.m, d.n, &A, &R, &Q};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    const int m = d.m, n = d.n;
#pragma omp parallel for schedule(static) if (size_t(m) * n > 100000)
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j)
        A0[i][j] = std::fmod(double(i) * j, double(m)) / m +
                   s0.uniform(size_t(i) * n + j, -1.0, 1.0);
      std::copy(A0[i].begin(), A0[i].end(), A[i].begin());
    }
  }
  void reset(bool poison) {
    harness::restore(A, A0);
    harness::reset_output2(Q, d.m, d.n, poison, harness::kPoison);
    harness::reset_output2(R, d.n, d.n, poison, harness::kPoison);
    for (int k = 0; k < d.n; ++k) std::fill(R[k].begin(), R[k].begin() + k, 0.0);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("A", e.A, A, rtol, atol, why) &&
           harness::nested_close("R", e.R, R, rtol, atol, why) &&
           harness::nested_close("Q", e.Q, Q, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    harness::flatten(A0, flat_in);
    o.add("m", harness::I64, &m_in, 1);
    o.add("n", harness::I64, &n_in, 1);
    o.add("A", harness::F64, flat_in.data(), flat_in.size());
  }
  size_t bytes() const {
    return (3 * size_t(d.m) * d.n + size_t(d.n) * d.n) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
