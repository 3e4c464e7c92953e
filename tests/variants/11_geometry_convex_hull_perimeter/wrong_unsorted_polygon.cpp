// WRONG (only on some inputs): finds the hull vertices correctly (a point is kept if it
// is extreme) but sums the edge lengths in the order the vertices appear in the input,
// not around the hull. Right only when the input lists hull vertices in hull order.
#include <algorithm>
#include <cmath>
#include <vector>
struct Point {
  double x, y;
};
double distance(Point const& p1, Point const& p2) {
  return std::sqrt((p2.x - p1.x) * (p2.x - p1.x) + (p2.y - p1.y) * (p2.y - p1.y));
}
double convexHullPerimeter(std::vector<Point> const& points) {
  if (points.size() < 3) return 0;
  std::vector<Point> p(points);
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
  h.resize(k - 1);
  // the vertices in input order
  std::vector<Point> in;
  for (const Point& q : points)
    for (const Point& v : h)
      if (q.x == v.x && q.y == v.y) {
        if (in.empty() || !(in.back().x == q.x && in.back().y == q.y)) in.push_back(q);
        break;
      }
  double perimeter = 0;
  for (size_t i = 0; i < in.size(); ++i) perimeter += distance(in[i], in[(i + 1) % in.size()]);
  return perimeter;
}
