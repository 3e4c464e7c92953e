// WRONG (off by one): the inner loop stops at n-1, so pairs with the last point are never
// compared (and two points give DBL_MAX instead of their distance).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
struct Point {
  double x, y;
};
double distance(Point const& p1, Point const& p2) {
  return std::sqrt((p2.x - p1.x) * (p2.x - p1.x) + (p2.y - p1.y) * (p2.y - p1.y));
}
double closestPair(std::vector<Point> const& points) {
  if (points.size() < 2) return 0;
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i + 1 < points.size(); ++i)
    for (size_t j = i + 1; j < points.size() - 1; ++j)
      best = std::min(best, distance(points[i], points[j]));
  return best;
}
