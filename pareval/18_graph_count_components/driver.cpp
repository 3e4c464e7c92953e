#include <harness/driver.hpp>
#include <numeric>
#include "args.hpp"

// 18_graph_count_components. Symmetric 0/1 adjacency matrix, zero diagonal; entry (i, j)
// is drawn from the pair (min(i,j), max(i,j)), which makes A symmetric. The seed picks the
// regime, so the component count ranges from 1 to thousands:
//   0: Erdos-Renyi, mean degree in [0.2, 3] (many small trees and isolated vertices below
//      1, a giant component plus many small ones above);
//   1: 2..41 groups (skewed sizes, group(v) = floor(G u^2)), sparse inside (mean in-group
//      degree in [0.8, 6]), joined by 0..G expected random bridges;
//   2: 2..6 dense groups (p_in in [0.05, 0.6]) joined by 0..3 expected random bridges
//      (component count 1..6; a shortcut like "many edges means connected" fails);
//   3: broken chains: the vertices in a random order (affine permutation), each linked to
//      the next with probability q in [0.95, 1) and to the one after with probability
//      (1-q)/2: long path-like components whose vertex labels are scattered, with cycles.
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
    // temporaries (no generation scratch in an instance: driver.hpp); pos: kind 3's chain order
    std::vector<int> group(N);
    std::vector<uint32_t> pos(N);
    const int kind = int(s0.u64(0) % 4);
    const double n = double(std::max<size_t>(N, 1));
    int64_t G = 1;
    double p_in = 0, p_out = 0, q = 0;
    if (kind == 0) {
      p_in = p_out = s3.uniform(0, 0.2, 3.0) / n;
    } else if (kind == 1) {
      G = s3.integer(1, 2, 41);
      p_in = s3.uniform(2, 0.8, 6.0) * double(G) / n;
      p_out = s3.uniform(3, 0.0, double(G)) / (n * n / 2);
    } else if (kind == 2) {
      G = s3.integer(1, 2, 6);
      p_in = s3.uniform(2, 0.05, 0.6);
      p_out = s3.uniform(3, 0.0, 3.0) / (n * n / 2);
    } else {
      q = s3.uniform(4, 0.95, 1.0);
      uint64_t mul = 1;
      for (uint64_t t = 0; N > 1; ++t) {
        mul = s3.u64(10 + t) % N;
        if (std::gcd<uint64_t>(mul, N) == 1) break;
      }
      const uint64_t off = N ? s3.u64(5) % N : 0;
      for (size_t v = 0; v < N; ++v) pos[v] = uint32_t((mul * v + off) % N);
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
        double p;
        if (kind == 3) {
          const uint32_t d = pos[i] > pos[j] ? pos[i] - pos[j] : pos[j] - pos[i];
          p = d == 1 ? q : d == 2 ? (1 - q) / 2 : 0.0;
        } else {
          p = group[j] == gi ? p_in : p_out;
        }
        const int e = (i != j && s1.unit(lo * NN + hi) < p) ? 1 : 0;
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
