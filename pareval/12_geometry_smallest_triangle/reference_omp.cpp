#include <omp.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

struct Point {
  double x, y;
};

double triangleArea(Point const& A, Point const& B, Point const& C) {
  return 0.5 * std::abs(A.x * (B.y - C.y) + B.x * (C.y - A.y) + C.x * (A.y - B.y));
}

// OpenMP reference: the O(n^2 log n) rotating-line sweep of the serial reference (see
// there for the method and why it is exact), with the O(n^2) parts done in parallel:
// building the pairs (row i starts at a closed-form offset), the radix sort (per-thread
// digit counts, then every thread scatters its own block to precomputed offsets, so the
// sort is stable and deterministic), and the exact re-sort of runs of equal rounded slope
// (each thread handles the runs that start in its block). The sweep itself is sequential
// and linear in the number of pairs. Correct for any number of threads.
namespace {
struct Pair {
  uint32_t key;  // order-preserving bits of the slope rounded to float
  uint32_t i, j;
};

inline uint32_t order_bits(double slope) {
  const float s = float(slope);  // double then float rounding: still monotone
  uint32_t b;
  std::memcpy(&b, &s, sizeof b);
  return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}

inline size_t block_begin(size_t m, int t, int nt) { return m * size_t(t) / size_t(nt); }

constexpr int kBits = 11, kBuckets = 1 << kBits;
}  // namespace

double smallestArea(std::vector<Point> const& points) {
  const size_t n = points.size();
  if (n < 3) return 0;
  std::vector<Point> p(points);
  std::sort(p.begin(), p.end(),
            [](const Point& a, const Point& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  for (size_t t = 1; t < n; ++t)
    if (p[t].x == p[t - 1].x && p[t].y == p[t - 1].y) return 0;  // repeated point

  const size_t m = n * (n - 1) / 2;
  std::unique_ptr<Pair[]> buf_a(new Pair[m]), buf_b(new Pair[m]);
  Pair* a = buf_a.get();
  Pair* b = buf_b.get();
  const int maxt = omp_get_max_threads();
  std::vector<uint32_t> cnt(size_t(maxt) * kBuckets);
  auto exact_less = [&p](const Pair& u, const Pair& v) {
    const double ux = p[u.j].x - p[u.i].x, uy = p[u.j].y - p[u.i].y;
    const double vx = p[v.j].x - p[v.i].x, vy = p[v.j].y - p[v.i].y;
    return uy * vx < vy * ux;
  };
  const bool par = m > 20000;

#pragma omp parallel if (par)
  {
    const int nt = omp_get_num_threads(), tid = omp_get_thread_num();
#pragma omp for schedule(dynamic, 16)
    for (size_t i = 0; i < n; ++i) {
      Pair* row = a + i * (2 * n - i - 1) / 2;
      for (size_t j = i + 1; j < n; ++j) {
        const double dx = p[j].x - p[i].x, dy = p[j].y - p[i].y;
        const double slope = dx > 0 ? dy / dx : std::numeric_limits<double>::infinity();
        row[j - i - 1] = {order_bits(slope), uint32_t(i), uint32_t(j)};
      }
    }
    // Private copies of the two buffer pointers: every thread swaps its own after a pass.
    Pair* src = a;
    Pair* dst = b;
    const size_t lo = block_begin(m, tid, nt), hi = block_begin(m, tid + 1, nt);
    uint32_t* my = cnt.data() + size_t(tid) * kBuckets;
    for (int shift = 0; shift < 32; shift += kBits) {
      std::fill(my, my + kBuckets, 0u);
      for (size_t t = lo; t < hi; ++t) ++my[(src[t].key >> shift) & (kBuckets - 1)];
#pragma omp barrier
      // Every thread computes the same offsets for its own block (digit-major,
      // thread-minor); a digit shared by all keys leaves the order unchanged: skip it.
      const uint32_t d0 = (src[0].key >> shift) & (kBuckets - 1);
      size_t all = 0;
      for (int t = 0; t < nt; ++t) all += cnt[size_t(t) * kBuckets + d0];
      const bool skip = all == m;
      uint32_t off[kBuckets];
      if (!skip) {
        uint32_t sum = 0;
        for (int d = 0; d < kBuckets; ++d)
          for (int t = 0; t < nt; ++t) {
            if (t == tid) off[d] = sum;
            sum += cnt[size_t(t) * kBuckets + d];
          }
      }
#pragma omp barrier
      if (!skip) {
        for (size_t t = lo; t < hi; ++t)
          dst[off[(src[t].key >> shift) & (kBuckets - 1)]++] = src[t];
#pragma omp barrier
        std::swap(src, dst);
      }
    }
    // Exact order within runs of equal rounded slope: a thread sorts the runs that start
    // in its block (a run may extend past the block's end).
    for (size_t s = lo; s < hi;) {
      if (s > 0 && src[s - 1].key == src[s].key) {
        ++s;
        continue;
      }
      size_t e = s + 1;
      while (e < m && src[e].key == src[s].key) ++e;
      if (e - s > 1) std::sort(src + s, src + e, exact_less);
      s = e;
    }
#pragma omp master
    a = src;  // the sorted buffer (a is read again only after the region)
  }

  std::vector<uint32_t> order(n), pos(n);
  for (uint32_t t = 0; t < n; ++t) order[t] = pos[t] = t;
  double best = std::numeric_limits<double>::max();
  for (size_t t = 0; t < m; ++t) {
    const Pair& q = a[t];
    const uint32_t u = pos[q.i], v = pos[q.j];
    if (v != u + 1) return 0;  // only possible with three points on one line
    const double dx = p[q.j].x - p[q.i].x, dy = p[q.j].y - p[q.i].y;
    const Point& o = p[q.i];
    if (u > 0) {
      const Point& r = p[order[u - 1]];
      best = std::min(best, 0.5 * std::abs(dx * (r.y - o.y) - dy * (r.x - o.x)));
    }
    if (v + 1 < n) {
      const Point& r = p[order[v + 1]];
      best = std::min(best, 0.5 * std::abs(dx * (r.y - o.y) - dy * (r.x - o.x)));
    }
    if (best == 0) return 0;
    order[u] = q.j, order[v] = q.i;
    pos[q.i] = v, pos[q.j] = u;
  }
  return best;
}
