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

struct Instance : harness::StencilPair<T3, HarnessArgs> {
  explicit Instance(uint64_t size) : Instance(kDatasets[size < 5 ? size : 4]) {}
  explicit Instance(Dims d) : StencilPair(d.tsteps, d.n, harness::make3(d.n, d.n, d.n)) {}
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
#pragma omp parallel for schedule(static) if (size_t(n) * n * n > 100000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const size_t row = (size_t(i) * n + j) * n;
        for (int k = 0; k < n; ++k) {
          const double v = double(i + j + (n - k)) * 10.0 / n;
          A0[i][j][k] = v + s0.uniform(row + k, -1.0, 1.0);
          B0[i][j][k] = v + s1.uniform(row + k, -1.0, 1.0);
        }
        std::copy(A0[i][j].begin(), A0[i][j].end(), A[i][j].begin());
        std::copy(B0[i][j].begin(), B0[i][j].end(), B[i][j].begin());
      }
  }
  size_t bytes() const { return 4 * size_t(n) * n * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
