#include <harness/nested.hpp>
#include "args.hpp"

// polybench/adi: the dataset index picks PolyBench 4.2.1's TSTEPS and N. u follows
// PolyBench's (i + n - j) / n, computed in floating point, plus a seeded perturbation in
// [-0.5, 0.5). u is read and overwritten (restored from its pristine copy). v, p and q
// are scratch arrays whose input values are never read; all four arrays are compared.
// The kernel writes v in columns 1..n-2 (all rows), p and q in rows 1..n-2, columns
// 0..n-2. The rest of v, p and q is never written: it arrives holding seeded values in
// [-1, 1) (as PolyBench's uninitialized scratch memory holds whatever it holds), which
// must survive the call; this also makes p, whose written values depend only on n and
// tsteps, an output that depends on the seed. The written parts are 0 before a call, or
// NaN when asked to poison, so a candidate that skips writing them fails. Rows 0 and n-1
// of u are neither written nor read.
namespace {
using Mat = harness::Mat2<double>;

struct Dims {
  int tsteps, n;
};
// (TSTEPS, N) per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr Dims kDatasets[5] = {{20, 20}, {40, 60}, {100, 200}, {500, 1000}, {1000, 2000}};

// Pristine scratch array m0 (n x n): 0 in rows [r0, r1) x columns [c0, c1), the part the
// kernel writes, and seeded values in [-1, 1) elsewhere (O(n) entries).
void fill_scratch(Mat& m0, int n, const harness::Stream& stream, int r0, int r1, int c0,
                  int c1) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i >= r0 && i < r1 && j == c0) j = c1;  // skip the written part of row i
      if (j >= n) break;
      m0[i][j] = stream.uniform(size_t(i) * n + j, -1.0, 1.0);
    }
}

// Scratch array m <- its pristine copy, and NaN in rows [r0, r1) x columns [c0, c1) if
// poison.
void reset_scratch(Mat& m, const Mat& m0, bool poison, int r0, int r1, int c0, int c1) {
  harness::restore(m, m0);
  if (!poison) return;
  for (int i = r0; i < r1; ++i)
    std::fill(m[i].begin() + c0, m[i].begin() + c1, harness::kPoison);
}
}  // namespace

struct Instance {
  Dims d;
  int64_t tsteps64, n64;
  Mat u, u0, v, p, q, v0, p0, q0;
  std::vector<double> flat_in[4];
  harness::NestedOutputs<Mat, Mat, Mat, Mat> out{{"u", &u}, {"v", &v}, {"p", &p}, {"q", &q}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), tsteps64(d.tsteps), n64(d.n),
        u(harness::make2(d.n, d.n)), u0(harness::make2(d.n, d.n)), v(harness::make2(d.n, d.n)),
        p(harness::make2(d.n, d.n)), q(harness::make2(d.n, d.n)), v0(harness::make2(d.n, d.n)),
        p0(harness::make2(d.n, d.n)), q0(harness::make2(d.n, d.n)) {
    a = {d.tsteps, d.n, &u, &v, &p, &q};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    const int n = d.n;
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j)
        u0[i][j] = double(i + n - j) / n +
                   s0.uniform(size_t(i) * n + j, -0.5, 0.5);
      std::copy(u0[i].begin(), u0[i].end(), u[i].begin());
    }
    fill_scratch(v0, n, harness::Stream(seed, 1), 0, n, 1, n - 1);
    fill_scratch(p0, n, harness::Stream(seed, 2), 1, n - 1, 0, n - 1);
    fill_scratch(q0, n, harness::Stream(seed, 3), 1, n - 1, 0, n - 1);
  }
  void reset(bool poison) {
    const int n = d.n;
    harness::restore(u, u0);
    reset_scratch(v, v0, poison, 0, n, 1, n - 1);
    reset_scratch(p, p0, poison, 1, n - 1, 0, n - 1);
    reset_scratch(q, q0, poison, 1, n - 1, 0, n - 1);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("u", e.u, u, rtol, atol, why) &&
           harness::nested_close("v", e.v, v, rtol, atol, why) &&
           harness::nested_close("p", e.p, p, rtol, atol, why) &&
           harness::nested_close("q", e.q, q, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    const char* names[4] = {"u", "v", "p", "q"};
    const Mat* ms[4] = {&u0, &v0, &p0, &q0};
    o.add("tsteps", harness::I64, &tsteps64, 1);
    o.add("n", harness::I64, &n64, 1);
    for (int k = 0; k < 4; ++k) {
      harness::flatten(*ms[k], flat_in[k]);
      o.add(names[k], harness::F64, flat_in[k].data(), flat_in[k].size());
    }
  }
  size_t bytes() const { return 8 * size_t(d.n) * d.n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
