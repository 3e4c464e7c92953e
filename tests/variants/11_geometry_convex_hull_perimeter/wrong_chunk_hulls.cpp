// WRONG (missing merge step): every thread computes the hull of its block of points, and
// the perimeter is taken around the concatenated block hulls, without the final hull of
// their union. Correct with one thread.
#include <omp.h>
#include <algorithm>
#include <cmath>
#include <vector>
struct Point {
  double x, y;
};
static void chain(std::vector<Point> p, std::vector<Point>& out) {
  if (p.size() < 3) { out.insert(out.end(), p.begin(), p.end()); return; }
  std::sort(p.begin(), p.end(), [](Point const& a, Point const& b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  });
  auto cross = [](Point const& o, Point const& a, Point const& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
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
  out.insert(out.end(), h.begin(), h.begin() + long(k - 1));
}
static void convexHull(std::vector<Point> const& points, std::vector<Point>& hull) {
  if (points.size() < 3) { hull = points; return; }
  hull.clear();
  const size_t n = points.size();
#pragma omp parallel
  {
    const size_t t = size_t(omp_get_thread_num()), T = size_t(omp_get_num_threads());
    std::vector<Point> block(points.begin() + long(n * t / T), points.begin() + long(n * (t + 1) / T));
    std::vector<Point> local;
    chain(block, local);
#pragma omp critical
    hull.insert(hull.end(), local.begin(), local.end());
  }
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
