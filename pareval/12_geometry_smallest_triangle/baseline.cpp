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

/* Return the smallest area of a triangle whose three corners are points of the vector
   points (three different elements of the vector). Three points on one line, or a
   repeated point, make a triangle of area 0, which counts. Fewer than three points:
   return 0.
   Example: input [{0, 0}, {4, 1}, {8, 3}, {1, 5}, {6, 6}] -> output 2 (corners {0, 0}, {4, 1}, {8, 3})
*/
double smallestArea(std::vector<Point> const& points) {
  if (points.size() < 3) return 0;
  double best = std::numeric_limits<double>::max();
  for (size_t i = 0; i + 2 < points.size(); ++i)
    for (size_t j = i + 1; j + 1 < points.size(); ++j)
      for (size_t k = j + 1; k < points.size(); ++k)
        best = std::min(best, triangleArea(points[i], points[j], points[k]));
  return best;
}
