// WRONG (off by one): the lower chain skips the last point of the sorted order, so the
// rightmost point is only reached by the upper chain's start, and a hull vertex right
// before it can be lost.
#include <algorithm>
#include <cmath>
#include <vector>
struct Point {
  double x, y;
};
static void convexHull(std::vector<Point> const& points, std::vector<Point>& hull) {
  if (points.size() < 3) { hull = points; return; }
  std::vector<Point> p(points);
  std::sort(p.begin(), p.end(), [](Point const& a, Point const& b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  });
  auto cross = [](Point const& o, Point const& a, Point const& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<Point> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i + 1 < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size(), lower = k + 1; i-- > 0;) {
    while (k >= lower && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  hull = h;
}
double distance(Point const& p1, Point const& p2) {
  return std::sqrt((p2.x - p1.x) * (p2.x - p1.x) + (p2.y - p1.y) * (p2.y - p1.y));
}
double convexHullPerimeter(std::vector<Point> const& points) {
  if (points.size() < 3) return 0;
  std::vector<Point> hull;
  convexHull(points, hull);
  double perimeter = 0;
  for (size_t i = 0; i < hull.size(); ++i) perimeter += distance(hull[i], hull[(i + 1) % hull.size()]);
  return perimeter;
}
