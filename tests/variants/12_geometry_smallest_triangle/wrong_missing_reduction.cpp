// WRONG (missing reduction): firstprivate/lastprivate instead of a min-reduction, so the
// answer is the minimum over the triangles whose first corner is in the last thread's
// share of i only. Correct with one thread.
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
  const long n = long(points.size());
  if (n < 3) return 0;
  double best = std::numeric_limits<double>::max();
#pragma omp parallel for schedule(static) firstprivate(best) lastprivate(best)
  for (long i = 0; i < n - 2; ++i)
    for (long j = i + 1; j < n - 1; ++j)
      for (long k = j + 1; k < n; ++k)
        best = std::min(best, triangleArea(points[i], points[j], points[k]));
  return best;
}
