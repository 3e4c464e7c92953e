#include <harness/driver.hpp>
#include "args.hpp"

// 17_graph_highest_degree. Symmetric 0/1 adjacency matrix with a zero diagonal; entry
// (i, j) is drawn from the pair (min(i,j), max(i,j)). Every vertex v has a weight w_v,
// and an edge i-j exists with probability min(1, p * w_i * w_j) (Chung-Lu style), so the
// highest-degree vertex sits at a random position and its degree varies widely. The
// seed picks the regime:
//   0: sparse, w = 1, mean degree in [1, 40) (max degree tens at most: many ties);
//   1: dense, w = 1, p in [0.05, 0.95);
//   2: skewed weights w = 0.02 + 10 u^4: a few hubs (degrees in the hundreds or
//      thousands, above 255 for large N) among near-isolated vertices;
//   3: as 0.
// Kinds 2 and 3 also get 1..4 planted hubs at random positions, the first with degree
// ~ (0.5..0.9) N, the others ~ (0.1..0.5) N; in three quarters of these seeds the first
// hub is the last vertex (N-1), so a loop that skips the last row fails.
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
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4), s5(seed, 5), s6(seed, 6);
    std::vector<double> w(N);  // a temporary (no generation scratch in an instance: driver.hpp)
    const int kind = int(s0.u64(0) % 4);
    const double n = double(std::max<size_t>(N, 1));
    double p = 0;
    if (kind == 0 || kind == 3) p = s3.uniform(0, 1.0, 40.0) / n;
    if (kind == 1) p = s3.uniform(0, 0.05, 0.95);
    if (kind == 2) p = s3.uniform(0, 0.5, 20.0) / n;
    for (size_t v = 0; v < N; ++v) {
      const double u = s2.unit(v);
      w[v] = kind == 2 ? 0.02 + 10.0 * u * u * u * u : 1.0;
    }
    if (kind >= 2) {
      const int hubs = int(s4.integer(0, 1, 4));
      for (int h = 0; h < hubs && N > 0; ++h) {
        size_t v = size_t(s5.integer(uint64_t(h), 0, int64_t(N) - 1));
        if (h == 0 && s4.unit(1) < 0.75) v = N - 1;  // the last row matters
        w[v] = (h == 0 ? s6.uniform(0, 0.5, 0.9) : s6.uniform(uint64_t(h), 0.1, 0.5)) / p;  // p * w_v = that fraction
      }
    }
    const long nn = long(N);
    const size_t NN = N;
#pragma omp parallel for schedule(static) if (NN >= 256)
    for (long il = 0; il < nn; ++il) {
      const size_t i = size_t(il);
      int* row = A.data() + i * NN;
      int* row0 = A0.data() + i * NN;
      for (size_t j = 0; j < NN; ++j) {
        const size_t lo = std::min(i, j), hi = std::max(i, j);
        const double pij = std::min(1.0, p * w[i] * w[j]);
        const int e = (i != j && s1.unit(lo * NN + hi) < pij) ? 1 : 0;
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
