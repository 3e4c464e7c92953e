#include <harness/nested.hpp>
#include "args.hpp"

// polybench/jacobi_1d: the dataset index picks PolyBench 4.2.1's TSTEPS, N. Inputs follow
// PolyBench's closed forms A[i] = (i+2)/n, B[i] = (i+3)/n, computed in floating point,
// plus a seeded perturbation in [-0.25, 0.25). Both arrays are read and overwritten (B's
// end points are read as boundary values): they are restored from pristine copies and
// both are compared.
namespace {
struct Dims { int tsteps, n; };
constexpr Dims kDatasets[5] = {{20, 30}, {40, 120}, {100, 400}, {500, 2000}, {1000, 4000}};
}  // namespace

struct Instance : harness::StencilPair<std::vector<double>, HarnessArgs> {
  explicit Instance(uint64_t size) : Instance(kDatasets[size < 5 ? size : 4]) {}
  explicit Instance(Dims d) : StencilPair(d.tsteps, d.n, std::vector<double>(d.n)) {}
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    for (int i = 0; i < n; ++i) {
      A0[i] = (i + 2.0) / n + s0.uniform(i, -0.25, 0.25);
      B0[i] = (i + 3.0) / n + s1.uniform(i, -0.25, 0.25);
    }
    reset(false);
  }
  size_t bytes() const { return 4 * size_t(n) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
