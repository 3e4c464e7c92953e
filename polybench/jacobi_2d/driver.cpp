#include <harness/nested.hpp>
#include "args.hpp"

// polybench/jacobi_2d: the dataset index picks PolyBench 4.2.1's TSTEPS, N. Inputs follow
// PolyBench's closed forms A[i][j] = (i*(j+2)+2)/n, B[i][j] = (i*(j+3)+3)/n, computed in
// floating point, plus a seeded perturbation in [-0.5, 0.5). Both grids are read and
// overwritten (B's outer ring is read as boundary values): they are restored from
// pristine copies and both are compared.
namespace {
using Mat = harness::Mat2<double>;
struct Dims { int tsteps, n; };
constexpr Dims kDatasets[5] = {{20, 30}, {40, 90}, {100, 250}, {500, 1300}, {1000, 2800}};
}  // namespace

struct Instance : harness::StencilPair<Mat, HarnessArgs> {
  explicit Instance(uint64_t size) : Instance(kDatasets[size < 5 ? size : 4]) {}
  explicit Instance(Dims d) : StencilPair(d.tsteps, d.n, harness::make2(d.n, d.n)) {}
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i) {
      const size_t row = size_t(i) * n;
      for (int j = 0; j < n; ++j) {
        A0[i][j] = (double(i) * (j + 2) + 2.0) / n +
                   s0.uniform(row + j, -0.5, 0.5);
        B0[i][j] = (double(i) * (j + 3) + 3.0) / n +
                   s1.uniform(row + j, -0.5, 0.5);
      }
      std::copy(A0[i].begin(), A0[i].end(), A[i].begin());
      std::copy(B0[i].begin(), B0[i].end(), B[i].begin());
    }
  }
  size_t bytes() const { return 4 * size_t(n) * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
