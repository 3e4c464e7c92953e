#include <algorithm>
#include <cstddef>
#include <vector>

struct Point {
  double x, y;
};

/* Find the vertices of the convex hull of the points: the smallest set of points whose
   convex polygon contains all of them. Points that lie on an edge between two hull
   vertices (collinear) and repeated copies of a vertex are not part of the result. Store
   the vertices in hull (any order; hull arrives empty). Fewer than 3 points: hull =
   points.
   Example: input [{0, 3}, {1, 1}, {2, 2}, {4, 4}, {0, 0}, {1, 2}, {3, 1}, {3, 3}]
         -> output [{0, 3}, {4, 4}, {3, 1}, {0, 0}]
*/
void convexHull(std::vector<Point> const& points, std::vector<Point>& hull) {
  if (points.size() < 3) {
    hull = points;
    return;
  }
  // Andrew's monotone chain: sort by x (then y), build the lower and the upper chain,
  // dropping every point that does not make a strict left turn.
  std::vector<Point> p(points);
  std::sort(p.begin(), p.end(), [](Point const& a, Point const& b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  });
  auto cross = [](Point const& o, Point const& a, Point const& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<Point> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {  // lower chain
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);  // the last point repeats the first
  hull = h;
}
