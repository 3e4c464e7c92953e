#include <omp.h>
#include <algorithm>
#include <cstddef>
#include <vector>

struct Point {
  double x, y;
};

// OpenMP reference: the serial reference (Akl-Toussaint throw-away, then Andrew's
// monotone chain) with the passes over all points split across threads: the 8 extreme
// points (per-thread candidates, combined by value then index), the throw-away test
// (each thread fills its own survivor list; the lists are concatenated), and, when many
// points survive (points near a circle), the sort (each thread sorts one block, then
// pairwise merges). Only the linear chain is serial. Correct for any thread count.
// Method: the extreme points in the 8 directions (+-x, +-y, +-(x+y), +-(x-y)) are hull
// points; in direction order they form a convex polygon inside the hull, and a point
// strictly inside it cannot be a hull vertex.
namespace {
inline double cross(Point const& o, Point const& a, Point const& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}
inline bool less_xy(Point const& a, Point const& b) {
  return a.x < b.x || (a.x == b.x && a.y < b.y);
}

// The directions' extreme points, counter-clockwise, consecutive duplicates removed.
std::vector<Point> octagon(const Point* p, size_t n) {
  static const double dir[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  const int nt = n >= 65536 ? omp_get_max_threads() : 1;
  std::vector<size_t> cand(size_t(nt) * 8, 0);
#pragma omp parallel num_threads(nt)
  {
    const int t = omp_get_thread_num(), T = omp_get_num_threads();
    const size_t lo = n * size_t(t) / size_t(T), hi = n * size_t(t + 1) / size_t(T);
    size_t best[8];
    double val[8];
    for (int d = 0; d < 8; ++d) best[d] = lo, val[d] = dir[d][0] * p[lo].x + dir[d][1] * p[lo].y;
    for (size_t i = lo + 1; i < hi; ++i)
      for (int d = 0; d < 8; ++d) {
        const double v = dir[d][0] * p[i].x + dir[d][1] * p[i].y;
        if (v > val[d]) val[d] = v, best[d] = i;
      }
    for (int d = 0; d < 8; ++d) cand[size_t(t) * 8 + size_t(d)] = hi > lo ? best[d] : n;
  }
  std::vector<Point> oct;
  for (int d = 0; d < 8; ++d) {
    size_t b = n;
    double bv = 0;
    for (int t = 0; t < nt; ++t) {
      const size_t i = cand[size_t(t) * 8 + size_t(d)];
      if (i == n) continue;
      const double v = dir[d][0] * p[i].x + dir[d][1] * p[i].y;
      if (b == n || v > bv) b = i, bv = v;
    }
    const Point q = p[b];
    if (oct.empty() || q.x != oct.back().x || q.y != oct.back().y) oct.push_back(q);
  }
  while (oct.size() > 1 && oct.front().x == oct.back().x && oct.front().y == oct.back().y)
    oct.pop_back();
  return oct;
}

// True if q is strictly inside the convex polygon oct (counter-clockwise, >= 3 vertices).
inline bool strictly_inside(const std::vector<Point>& oct, Point const& q) {
  for (size_t e = 0; e < oct.size(); ++e)
    if (cross(oct[e], oct[(e + 1) % oct.size()], q) <= 0) return false;
  return true;
}

void parallel_sort(std::vector<Point>& p) {
  const size_t n = p.size();
  const int nt = n >= 32768 ? omp_get_max_threads() : 1;
  if (nt == 1) {
    std::sort(p.begin(), p.end(), less_xy);
    return;
  }
  std::vector<size_t> bound(size_t(nt) + 1);
  for (int t = 0; t <= nt; ++t) bound[size_t(t)] = n * size_t(t) / size_t(nt);
  std::vector<Point> tmp(n);
#pragma omp parallel for schedule(static, 1) num_threads(nt)
  for (int t = 0; t < nt; ++t)
    std::sort(p.begin() + long(bound[size_t(t)]), p.begin() + long(bound[size_t(t) + 1]), less_xy);
  for (int width = 1; width < nt; width *= 2) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
    for (int t = 0; t < nt; t += 2 * width) {
      const size_t lo = bound[size_t(t)];
      const size_t mid = bound[size_t(std::min(t + width, nt))];
      const size_t hi = bound[size_t(std::min(t + 2 * width, nt))];
      std::merge(p.begin() + long(lo), p.begin() + long(mid), p.begin() + long(mid),
                 p.begin() + long(hi), tmp.begin() + long(lo), less_xy);
      std::copy(tmp.begin() + long(lo), tmp.begin() + long(hi), p.begin() + long(lo));
    }
  }
}

void chain(std::vector<Point>& p, std::vector<Point>& hull) {
  parallel_sort(p);
  std::vector<Point> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  hull.assign(h.begin(), h.begin() + long(k - 1));
}
}  // namespace

void convexHull(std::vector<Point> const& points, std::vector<Point>& hull) {
  const size_t n = points.size();
  if (n < 3) {
    hull = points;
    return;
  }
  const std::vector<Point> oct = octagon(points.data(), n);
  std::vector<Point> keep;
  if (oct.size() >= 3 && cross(oct[0], oct[1], oct[2]) != 0) {
    const int nt = n >= 65536 ? omp_get_max_threads() : 1;
    std::vector<std::vector<Point>> part(static_cast<size_t>(nt));
#pragma omp parallel num_threads(nt)
    {
      const int t = omp_get_thread_num(), T = omp_get_num_threads();
      const size_t lo = n * size_t(t) / size_t(T), hi = n * size_t(t + 1) / size_t(T);
      std::vector<Point>& mine = part[size_t(t)];
      for (size_t i = lo; i < hi; ++i)
        if (!strictly_inside(oct, points[i])) mine.push_back(points[i]);
    }
    for (auto& v : part) keep.insert(keep.end(), v.begin(), v.end());
  } else {
    keep = points;
  }
  chain(keep, hull);
}
