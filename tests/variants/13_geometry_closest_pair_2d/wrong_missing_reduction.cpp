// WRONG (missing reduction): firstprivate/lastprivate instead of a min-reduction, so the
// answer is the minimum over the last thread's rows only. Correct with one thread.
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
  const long n = long(points.size());
  if (n < 2) return 0;
  double best = std::numeric_limits<double>::max();
#pragma omp parallel for schedule(static) firstprivate(best) lastprivate(best)
  for (long i = 0; i < n - 1; ++i)
    for (long j = i + 1; j < n; ++j) best = std::min(best, distance(points[i], points[j]));
  return best;
}
