#include <harness/driver.hpp>
#include "args.hpp"

// 15_graph_edge_count. Directed graph: a 0/1 matrix with a zero diagonal, not symmetric
// (entry (i, j) and entry (j, i) are drawn independently). The seed picks the regime, so
// edge counts range from a handful to most of N^2 and are spread unevenly over the rows:
//   0: sparse, one density p in [0.0005, 0.02) for all rows;
//   1: dense, p in [0.05, 0.9);
//   2: per-row density p_i = q * u_i^3 (q in [0.05, 1), u_i uniform): many near-empty
//      rows and a few dense ones at random positions (the last rows and columns matter);
//   3: per-column density as in 2 (column j dense, its transposed row not).
struct Instance {
  size_t N;
  std::vector<int> A, A0;
  int result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : N(size), A(size * size), A0(size * size) {
    a = {&A, N, &result};
  }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const int kind = int(s0.u64(0) % 4);
    const double p = kind == 0 ? s3.uniform(0, 0.0005, 0.02)
                   : kind == 1 ? s3.uniform(0, 0.05, 0.9)
                               : s3.uniform(0, 0.05, 1.0);
    const long nn = long(N);
    const size_t NN = N;
#pragma omp parallel for schedule(static) if (NN >= 256)
    for (long il = 0; il < nn; ++il) {
      const size_t i = size_t(il);
      int* row = A.data() + i * NN;
      int* row0 = A0.data() + i * NN;
      double pr = p;
      if (kind == 2) {
        const double u = s2.unit(i);
        pr = p * u * u * u;
      }
      for (size_t j = 0; j < NN; ++j) {
        double pij = pr;
        if (kind == 3) {
          const double u = s2.unit(j);
          pij = p * u * u * u;
        }
        const int e = (i != j && s1.unit(i * NN + j) < pij) ? 1 : 0;
        row[j] = row0[j] = e;
      }
    }
  }
  void reset(bool poison) {
    if (poison) result = -12345;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("A", A, A0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::scalar_equal("result", e.result, result, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::I32, &result, 1); }
  void inputs(harness::Outputs& o) const {
    o.add("A", harness::I32, A0.data(), A0.size());
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return 2 * N * N * sizeof(int) + sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
