// WRONG (only on some inputs): the chains pop only on a strict right turn (< 0 instead of
// <= 0), so points on a hull edge (collinear) and duplicates are kept as vertices. Right
// for points in general position, wrong when points lie on the hull's edges.
#include <algorithm>
#include <vector>
struct Point {
  double x, y;
};
void convexHull(std::vector<Point> const& points, std::vector<Point>& hull) {
  if (points.size() < 3) { hull = points; return; }
  std::vector<Point> p(points);
  std::sort(p.begin(), p.end(), [](Point const& a, Point const& b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  });
  p.erase(std::unique(p.begin(), p.end(), [](Point const& a, Point const& b) {
    return a.x == b.x && a.y == b.y; }), p.end());
  auto cross = [](Point const& o, Point const& a, Point const& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<Point> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) < 0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && cross(h[k - 2], h[k - 1], p[i]) < 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  hull = h;
}
