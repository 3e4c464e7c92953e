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

// The vertices of the convex hull (Andrew's monotone chain), counter-clockwise.
static void convexHull(std::vector<Point> const& points, std::vector<Point>& hull) {
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

/* Return the perimeter of the smallest convex polygon that contains all the points in
   the vector points (the convex hull). Fewer than 3 points: return 0.
   Example: input [{0, 3}, {1, 1}, {2, 2}, {4, 4}, {0, 0}, {1, 2}, {3, 1}, {3, 3}]
         -> output 13.4477
*/
double convexHullPerimeter(std::vector<Point> const& points) {
  if (points.size() < 3) return 0;
  std::vector<Point> hull;
  convexHull(points, hull);
  double perimeter = 0;
  for (size_t i = 0; i < hull.size(); ++i)
    perimeter += distance(hull[i], hull[(i + 1) % hull.size()]);
  return perimeter;
}
