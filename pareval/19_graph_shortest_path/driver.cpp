#include <harness/driver.hpp>
#include <climits>
#include <numeric>
#include "args.hpp"

// 19_graph_shortest_path. Symmetric 0/1 adjacency matrix, zero diagonal; entry (i, j) is
// drawn from the pair (min(i,j), max(i,j)). The seed picks a regime so that path lengths
// range from 1 to thousands and dest is sometimes unreachable:
//   0: Erdos-Renyi, mean degree in [0.8, 4] (short paths in the giant component, or no
//      path at all);
//   1: band graph: the vertices in a random order (affine permutation of the labels),
//      each linked to the vertices at most w positions away (w in [1, 48]) with
//      probability p (mean band degree 2wp in [1.5, 8]): long paths (up to ~N/w hops)
//      between scattered labels, occasionally cut;
//   2: 2..6 dense groups (p_in in [0.02, 0.4]) joined by 0..3 expected random bridges:
//      paths of a few hops that must find a bridge, or none.
// The query is often a long path, or one ending at the last vertex (see pick_query).
// The result is compared as a hop count; any negative value and INT_MAX both mean
// "unreachable".
struct Instance {
  size_t N;
  std::vector<int> A, A0;
  int result = 0;
  HarnessArgs a;
  // Nothing else: what generate() works with (the groups, the band order, the BFS of the
  // query) are its temporaries, which the harness's generator zeroes when they are freed.
  // Kept in the instance, they lay in the arena the candidate's call reads: the BFS's hops
  // from one end of the query answered it in one load (a red team, 2026-12-07: `correct`
  // at 77-172x; tests/hostile/reads_generation_scratch.cpp).

  explicit Instance(uint64_t size) : N(size), A(size * size), A0(size * size) { a = {&A, N, 0, 0, &result}; }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const int kind = int(s0.u64(0) % 3);
    const double n = double(std::max<size_t>(N, 1));
    int64_t G = 1, w = 0;
    double p_in = 0, p_out = 0, pb = 0;
    std::vector<uint32_t> pos(kind == 1 ? N : 0);
    if (kind == 0) {
      p_in = p_out = s3.uniform(0, 0.8, 4.0) / n;
    } else if (kind == 1) {
      w = s3.integer(1, 1, 48);
      pb = std::min(1.0, s3.uniform(2, 1.5, 8.0) / double(2 * w));
      uint64_t mul = 1;
      for (uint64_t t = 0; N > 1; ++t) {
        mul = s3.u64(10 + t) % N;
        if (std::gcd<uint64_t>(mul, N) == 1) break;
      }
      const uint64_t off = N ? s3.u64(5) % N : 0;
      for (size_t v = 0; v < N; ++v) pos[v] = uint32_t((mul * v + off) % N);
    } else {
      G = s3.integer(1, 2, 6);
      p_in = s3.uniform(2, 0.02, 0.4);
      p_out = s3.uniform(3, 0.0, 3.0) / (n * n / 2);
    }
    std::vector<int> group(N);
    for (size_t v = 0; v < N; ++v) group[v] = int(s2.integer(v, 0, G - 1));
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
        if (kind == 1) {
          const uint32_t d = pos[i] > pos[j] ? pos[i] - pos[j] : pos[j] - pos[i];
          p = d <= uint32_t(w) ? pb : 0.0;
        } else {
          p = group[j] == gi ? p_in : p_out;
        }
        const int e = (i != j && s1.unit(lo * NN + hi) < p) ? 1 : 0;
        row[j] = row0[j] = e;
      }
    }
    if (N > 0) pick_query(seed);
  }
  // The query (source, dest): the same vertex (5%); dest = the last vertex N-1 and source
  // a vertex farthest from it (20%: a scan that stops before N-1 fails); source uniform
  // and dest a vertex farthest from it (35%: long paths), a uniform reachable vertex
  // (15%), or a uniform vertex unreachable from source where there is one (25%: code
  // that answers 0 or a hop count for "no path" fails). Needs BFS over A0: O(N^2), like
  // the generation.
  void pick_query(uint64_t seed) {
    // the query's ends (stream 4, handed over) apart from its kind (stream 5: driver.hpp, stream_state)
    const harness::Stream s4(seed, 4), s5(seed, 5);
    const int last = int(N) - 1;
    const double u = s5.unit(0);
    a.source = u < 0.25 && u >= 0.05 ? last : int(s4.integer(0, 0, last));
    if (u < 0.05) {
      a.dest = a.source;
      return;
    }
    std::vector<int> dist;
    const std::vector<int> order = bfs_order(a.source, dist);
    if (u < 0.75) {
      size_t first = 0;  // BFS order ends with the farthest vertices: pick among them
      if (u < 0.60) {
        first = order.size() - 1;
        while (first > 0 && dist[size_t(order[first - 1])] == dist[size_t(order.back())]) --first;
      }
      a.dest = order[first + size_t(s4.integer(3, 0, int64_t(order.size() - first) - 1))];
      if (u < 0.25) std::swap(a.source, a.dest);  // a far vertex to N-1
    } else if (order.size() < N) {  // the k-th vertex not reached, k uniform
      int64_t k = s4.integer(4, 0, int64_t(N - order.size()) - 1);
      for (size_t v = 0; v < N; ++v)
        if (dist[v] < 0 && k-- == 0) a.dest = int(v);
    } else {
      a.dest = int(s4.integer(2, 0, last));
    }
  }
  // Vertices reachable from s in BFS order (non-decreasing distance); dist gets the hops.
  std::vector<int> bfs_order(int s, std::vector<int>& dist) const {
    dist.assign(N, -1);
    std::vector<int> order;
    order.reserve(N);
    dist[size_t(s)] = 0;
    order.push_back(s);
    for (size_t h = 0; h < order.size(); ++h) {
      const int* row = A0.data() + size_t(order[h]) * N;
      for (size_t j = 0; j < N; ++j)
        if (row[j] && dist[j] < 0) {
          dist[j] = dist[size_t(order[h])] + 1;
          order.push_back(int(j));
        }
    }
    return order;
  }
  void copy_inputs(const Instance& src) {
    harness::copy_into(A, src.A0);
    harness::copy_into(A0, src.A0);
    a.source = src.a.source;
    a.dest = src.a.dest;
  }
  void reset(bool poison) {
    if (poison) result = -12345;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("A", A, A0, why); }
  static int canonical(int r) { return r < 0 ? INT_MAX : r; }
  bool matches(const Instance& e, double, double, std::string* why) const {
    if (canonical(e.result) == canonical(result)) return true;
    if (why)
      *why = "result (source " + std::to_string(a.source) + ", dest " + std::to_string(a.dest) +
             "): expected " + (canonical(e.result) == INT_MAX ? std::string("unreachable")
                                                            : std::to_string(e.result)) +
             ", got " + std::to_string(result);
    return false;
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::I32, &result, 1); }
  void inputs(harness::Outputs& o) const {
    o.add("A", harness::I32, A0.data(), A0.size());
    o.add("N", harness::U64, &N, 1);
    o.add("source", harness::I32, &a.source, 1);
    o.add("dest", harness::I32, &a.dest, 1);
  }
  size_t bytes() const { return 2 * N * N * sizeof(int) + sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
