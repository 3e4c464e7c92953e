#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

struct Point {
  double x, y;
};

double distance(Point const& p1, Point const& p2) {
  return std::sqrt((p2.x - p1.x) * (p2.x - p1.x) + (p2.y - p1.y) * (p2.y - p1.y));
}

// Serial reference: Shamos-Hoey divide and conquer, O(n log n). Points are sorted by x
// once; each recursion returns its half sorted by y (merge), so the strip around the
// dividing line is built in y order and each strip point is compared only with the
// following points whose y lies within the current best. Squared distances throughout,
// one sqrt at the end (sqrt is monotone and correctly rounded, so this is exact).
namespace {
inline double d2(const Point& a, const Point& b) {
  const double dx = a.x - b.x, dy = a.y - b.y;
  return dx * dx + dy * dy;
}

// a[0..n) sorted by x on entry, by y on return; buf has room for n points.
double closest_rec(Point* a, Point* buf, size_t n) {
  if (n <= 3) {
    double best = __builtin_inf();
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) best = std::min(best, d2(a[i], a[j]));
    std::sort(a, a + n, [](const Point& p, const Point& q) { return p.y < q.y; });
    return best;
  }
  const size_t mid = n / 2;
  const double midx = a[mid].x;
  double best = std::min(closest_rec(a, buf, mid), closest_rec(a + mid, buf + mid, n - mid));
  std::merge(a, a + mid, a + mid, a + n, buf,
             [](const Point& p, const Point& q) { return p.y < q.y; });
  std::copy(buf, buf + n, a);
  size_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    const double dx = a[i].x - midx;
    if (dx * dx < best) buf[m++] = a[i];
  }
  for (size_t i = 0; i < m; ++i)
    for (size_t j = i + 1; j < m; ++j) {
      const double dy = buf[j].y - buf[i].y;
      if (dy * dy >= best) break;
      best = std::min(best, d2(buf[i], buf[j]));
    }
  return best;
}
}  // namespace

double closestPair(std::vector<Point> const& points) {
  const size_t n = points.size();
  if (n < 2) return 0;
  std::vector<Point> a(points), buf(n);
  std::sort(a.begin(), a.end(), [](const Point& p, const Point& q) { return p.x < q.x; });
  return std::sqrt(closest_rec(a.data(), buf.data(), n));
}
