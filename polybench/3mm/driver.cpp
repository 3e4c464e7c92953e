#include <harness/nested.hpp>
#include "args.hpp"

// polybench/3mm: the dataset index picks PolyBench 4.2.1's NI, NJ, NK, NL, NM. Inputs
// follow PolyBench's closed-form patterns ((i*j+1) mod n)/n etc., computed in floating
// point, plus a seeded uniform perturbation in [-0.25, 0.25). E, F and G are pure outputs
// (poisoned when asked); A, B, C, D are inputs only.
namespace {
using Mat = harness::Mat2<double>;

// PolyBench-style pattern (a mod n)/n plus a seeded perturbation in [-0.25, 0.25).
void fill(Mat& m, Mat& m0, const harness::Stream& stream, long mul, long add, long mulj,
          long addj, long mod) {
  const size_t rows = m.size(), cols = rows ? m[0].size() : 0;
#pragma omp parallel for schedule(static) if (rows * cols > 100000)
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols; ++j) {
      double base = std::fmod(double(i) * mul * double(long(j) * mulj + addj) + add, double(mod)) /
                    double(mod);
      m[i][j] = m0[i][j] =
          base + stream.uniform(i * cols + j, -0.25, 0.25);
    }
}

struct Dims { int ni, nj, nk, nl, nm; };
constexpr Dims kDatasets[5] = {{16, 18, 20, 22, 24},
                               {40, 50, 60, 70, 80},
                               {180, 190, 200, 210, 220},
                               {800, 900, 1000, 1100, 1200},
                               {1600, 1800, 2000, 2200, 2400}};
}  // namespace

struct Instance {
  Dims d;
  Mat E, A, A0, B, B0, F, C, C0, D, D0, G;
  std::vector<double> flat_in[4];
  int64_t dims_in[5];  // ni, nj, nk, nl, nm as inputs() exposes them
  harness::NestedOutputs<Mat, Mat, Mat> out{{"G", &G}, {"E", &E}, {"F", &F}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]),
        E(harness::make2(d.ni, d.nj)), A(harness::make2(d.ni, d.nk)),
        A0(harness::make2(d.ni, d.nk)), B(harness::make2(d.nk, d.nj)),
        B0(harness::make2(d.nk, d.nj)), F(harness::make2(d.nj, d.nl)),
        C(harness::make2(d.nj, d.nm)), C0(harness::make2(d.nj, d.nm)),
        D(harness::make2(d.nm, d.nl)), D0(harness::make2(d.nm, d.nl)),
        G(harness::make2(d.ni, d.nl)) {
    a = {d.ni, d.nj, d.nk, d.nl, d.nm, &E, &A, &B, &F, &C, &D, &G};
  }
  void generate(uint64_t seed) {
    fill(A, A0, harness::Stream(seed, 0), 1, 1, 1, 0, d.ni);   // ((i*j + 1) mod ni) / ni
    fill(B, B0, harness::Stream(seed, 1), 1, 2, 1, 1, d.nj);   // ((i*(j+1) + 2) mod nj) / nj
    fill(C, C0, harness::Stream(seed, 2), 1, 0, 1, 3, d.nl);   // (i*(j+3) mod nl) / nl
    fill(D, D0, harness::Stream(seed, 3), 1, 2, 1, 2, d.nk);   // ((i*(j+2) + 2) mod nk) / nk
  }
  void reset(bool poison) {
    harness::reset_output2(E, d.ni, d.nj, poison, harness::kPoison);
    harness::reset_output2(F, d.nj, d.nl, poison, harness::kPoison);
    harness::reset_output2(G, d.ni, d.nl, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("A", A, A0, why) && harness::nested_intact("B", B, B0, why) &&
           harness::nested_intact("C", C, C0, why) && harness::nested_intact("D", D, D0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("E", e.E, E, rtol, atol, why) &&
           harness::nested_close("F", e.F, F, rtol, atol, why) &&
           harness::nested_close("G", e.G, G, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    const int dims[5] = {d.ni, d.nj, d.nk, d.nl, d.nm};
    const char* dim_names[5] = {"ni", "nj", "nk", "nl", "nm"};
    for (int k = 0; k < 5; ++k) {
      dims_in[k] = dims[k];
      o.add(dim_names[k], harness::I64, &dims_in[k], 1);
    }
    const Mat* ms[4] = {&A0, &B0, &C0, &D0};
    const char* names[4] = {"A", "B", "C", "D"};
    for (int k = 0; k < 4; ++k) {
      harness::flatten(*ms[k], flat_in[k]);
      o.add(names[k], harness::F64, flat_in[k].data(), flat_in[k].size());
    }
  }
  size_t bytes() const {
    size_t ni = d.ni, nj = d.nj, nk = d.nk, nl = d.nl, nm = d.nm;
    return (ni * nj + nj * nl + ni * nl + 2 * (ni * nk + nk * nj + nj * nm + nm * nl)) *
           sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
