#include <harness/nested.hpp>
#include "args.hpp"

// gemm: PolyBench 4.2.1 datasets. Inputs follow PolyBench's closed forms
// A[i][k] = (i*(k+1) mod NK)/NK, B[k][j] = (k*(j+2) mod NJ)/NJ, C[i][j] = (i*j+1 mod NI)/NI,
// evaluated in floating point, plus a seeded uniform term in [-0.5, 0.5) so that no row
// is constant (row 0 of A would be all zero) and outputs depend on the seed.
using Mat = harness::Mat2<double>;

namespace {
const int kNI[] = {20, 60, 200, 1000, 2000};
const int kNJ[] = {25, 70, 220, 1100, 2300};
const int kNK[] = {30, 80, 240, 1200, 2600};
}  // namespace

struct Instance {
  int ni, nj, nk;
  double alpha = 1.5, beta = 1.2;
  Mat A, A0, B, B0, C, C0;
  std::vector<double> flat[3];
  int64_t dims_in[3];  // ni, nj, nk as inputs() exposes them
  harness::NestedOutputs<Mat> out{{"C", &C}};
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    ni = kNI[s], nj = kNJ[s], nk = kNK[s];
    A = harness::make2(ni, nk), A0 = harness::make2(ni, nk);
    B = harness::make2(nk, nj), B0 = harness::make2(nk, nj);
    C = harness::make2(ni, nj), C0 = harness::make2(ni, nj);
    a = {ni, nj, nk, alpha, beta, &A, &B, &C};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    for (int i = 0; i < ni; ++i)
      for (int k = 0; k < nk; ++k)
        A[i][k] = A0[i][k] = double((i * (k + 1)) % nk) / nk +
                             s0.uniform(uint64_t(i) * nk + k, -0.5, 0.5);
    for (int k = 0; k < nk; ++k)
      for (int j = 0; j < nj; ++j)
        B[k][j] = B0[k][j] = double((k * (j + 2)) % nj) / nj +
                             s1.uniform(uint64_t(k) * nj + j, -0.5, 0.5);
    for (int i = 0; i < ni; ++i)
      for (int j = 0; j < nj; ++j)
        C[i][j] = C0[i][j] = double((i * j + 1) % ni) / ni +
                             s2.uniform(uint64_t(i) * nj + j, -0.5, 0.5);
  }
  // A and B are read-only inputs (restored anyway, so a failed candidate cannot leak
  // into the next call); C is read and written, restored from its pristine copy.
  void reset(bool) {
    harness::restore(A, A0);
    harness::restore(B, B0);
    harness::restore(C, C0);
    a = {ni, nj, nk, alpha, beta, &A, &B, &C};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("A", A, A0, why) && harness::nested_intact("B", B, B0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("C", e.C, C, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    dims_in[0] = ni, dims_in[1] = nj, dims_in[2] = nk;
    o.add("ni", harness::I64, &dims_in[0], 1);
    o.add("nj", harness::I64, &dims_in[1], 1);
    o.add("nk", harness::I64, &dims_in[2], 1);
    o.add("alpha", harness::F64, &alpha, 1);
    o.add("beta", harness::F64, &beta, 1);
    harness::flatten(A0, flat[0]), harness::flatten(B0, flat[1]), harness::flatten(C0, flat[2]);
    o.add("A", harness::F64, flat[0].data(), flat[0].size());
    o.add("B", harness::F64, flat[1].data(), flat[1].size());
    o.add("C", harness::F64, flat[2].data(), flat[2].size());
  }
  size_t bytes() const {
    return 2 * (size_t(ni) * nk + size_t(nk) * nj + size_t(ni) * nj) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
