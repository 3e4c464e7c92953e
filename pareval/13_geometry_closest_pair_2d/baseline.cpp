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

/* Return the smallest Euclidean distance between any two points of the vector points.
   Fewer than two points: return 0.
   Example: input [{0, 0}, {5, 5}, {1, 7}, {6, 4}] -> output 1.41421 (between {5, 5} and {6, 4})
*/
double closestPair(std::vector<Point> const& points) {
  if (points.size() < 2) return 0;
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i + 1 < points.size(); ++i)
    for (size_t j = i + 1; j < points.size(); ++j)
      best = std::min(best, distance(points[i], points[j]));
  return best;
}
