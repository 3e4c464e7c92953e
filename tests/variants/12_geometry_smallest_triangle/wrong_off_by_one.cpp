// WRONG (off by one): the innermost loop stops at n-1, so triangles with the last point as
// a corner are never looked at (and three points give DBL_MAX instead of their area).
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
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i + 2 < n; ++i)
    for (size_t j = i + 1; j + 1 < n; ++j)
      for (size_t k = j + 1; k < n - 1; ++k)
        best = std::min(best, triangleArea(points[i], points[j], points[k]));
  return best;
}
