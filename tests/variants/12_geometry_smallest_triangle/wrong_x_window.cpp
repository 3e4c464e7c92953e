// WRONG (only on some inputs): sorts by x and looks only at triangles of points at most 8
// apart in x order. Often right for points spread evenly in a square, wrong when the
// thinnest triangle has corners far apart in x (thin strips, clusters, a circle).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
struct Point {
  double x, y;
};
double triangleArea(Point const& A, Point const& B, Point const& C) {
  return 0.5 * std::abs(A.x * (B.y - C.y) + B.x * (C.y - A.y) + C.x * (A.y - B.y));
}
double smallestArea(std::vector<Point> const& points) {
  const size_t n = points.size();
  if (n < 3) return 0;
  std::vector<Point> p(points);
  std::sort(p.begin(), p.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n && j <= i + 8; ++j)
      for (size_t k = j + 1; k < n && k <= i + 8; ++k)
        best = std::min(best, triangleArea(p[i], p[j], p[k]));
  return best;
}
