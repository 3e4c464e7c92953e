#include <algorithm>
#include <cstddef>
#include <vector>

struct Point {
  double x, y;
};

// Serial reference: Akl-Toussaint throw-away, then Andrew's monotone chain.
// The extreme points in the 8 directions (+-x, +-y, +-(x+y), +-(x-y)) are hull points;
// in direction order they form a convex polygon inside the hull, and a point strictly
// inside it cannot be a hull vertex. One pass discards those (for uniformly spread
// points all but a few hundred), so only the survivors are sorted and chained.
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
  size_t best[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  double val[8];
  for (int d = 0; d < 8; ++d) val[d] = dir[d][0] * p[0].x + dir[d][1] * p[0].y;
  for (size_t i = 1; i < n; ++i)
    for (int d = 0; d < 8; ++d) {
      const double v = dir[d][0] * p[i].x + dir[d][1] * p[i].y;
      if (v > val[d]) val[d] = v, best[d] = i;
    }
  std::vector<Point> oct;
  for (int d = 0; d < 8; ++d) {
    const Point q = p[best[d]];
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

void chain(std::vector<Point>& p, std::vector<Point>& hull) {
  std::sort(p.begin(), p.end(), less_xy);
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
    keep.reserve(n / 16 + 64);
    for (size_t i = 0; i < n; ++i)
      if (!strictly_inside(oct, points[i])) keep.push_back(points[i]);
  } else {
    keep = points;
  }
  chain(keep, hull);
}
