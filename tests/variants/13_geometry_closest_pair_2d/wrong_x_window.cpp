// WRONG (only on some inputs): sorts by x and compares each point with the next 8 points
// in x order only. Usually right for uniformly spread points, wrong when many points share
// an x (or a narrow x range) but are far apart in y.
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
  std::vector<Point> p(points);
  std::sort(p.begin(), p.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i < p.size(); ++i)
    for (size_t j = i + 1; j < p.size() && j <= i + 8; ++j)
      best = std::min(best, distance(p[i], p[j]));
  return best;
}
