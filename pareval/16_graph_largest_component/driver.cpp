#include <harness/driver.hpp>
#include "args.hpp"

// 16_graph_largest_component. Symmetric 0/1 adjacency matrix, zero diagonal. Every
// vertex belongs to a group (group sizes skewed: group(v) = floor(G * u^2), so the
// largest group is rarely the one of vertex 0); an edge i-j exists with probability
// p_in inside a group and p_out across groups. The seed picks the regime, so component
// sizes vary from a handful of vertices to most of the graph:
//   0: Erdos-Renyi around the percolation threshold: one group, mean degree in
//      [0.3, 2.5] (no giant component below 1, a giant plus many small ones above);
//   1: 2..41 sparse groups, mean in-group degree in [0.8, 6], joined by 0..G expected
//      random bridges;
//   2: 2..6 dense groups (p_in in [0.05, 0.6]) joined by 0..3 expected random bridges.
// Entry (i, j) is drawn from the pair (min(i,j), max(i,j)), which makes A symmetric.
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
    std::vector<int> group(N);  // a temporary (no generation scratch in an instance: driver.hpp)
    const int kind = int(s0.u64(0) % 3);
    const double n = double(std::max<size_t>(N, 1));
    int64_t G = 1;
    double p_in = 0, p_out = 0;
    if (kind == 0) {
      p_in = p_out = s3.uniform(0, 0.3, 2.5) / n;
    } else if (kind == 1) {
      G = s3.integer(1, 2, 41);
      p_in = s3.uniform(2, 0.8, 6.0) * double(G) / n;
      p_out = s3.uniform(3, 0.0, double(G)) / (n * n / 2);
    } else {
      G = s3.integer(1, 2, 6);
      p_in = s3.uniform(2, 0.05, 0.6);
      p_out = s3.uniform(3, 0.0, 3.0) / (n * n / 2);
    }
    for (size_t v = 0; v < N; ++v) {
      const double u = s2.unit(v);
      group[v] = int(std::min<int64_t>(G - 1, int64_t(double(G) * u * u)));
    }
    const long nn = long(N);
    const size_t NN = N;
#pragma omp parallel for schedule(static) if (NN >= 256)
    for (long il = 0; il < nn; ++il) {
      const size_t i = size_t(il);
      int* row = A.data() + i * NN;
      int* row0 = A0.data() + i * NN;
      const int gi = group[i];
      for (size_t j = 0; j < NN; ++j) {
        const size_t lo = std::min(i, j), hi = std::max(i, j);
        const double p = group[j] == gi ? p_in : p_out;
        const int e = (i != j && s1.unit(lo * NN + hi) < p) ? 1 : 0;
        row[j] = row0[j] = e;
      }
    }
  }
  void copy_inputs(const Instance& src) {
    harness::copy_into(A, src.A0);
    harness::copy_into(A0, src.A0);
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
