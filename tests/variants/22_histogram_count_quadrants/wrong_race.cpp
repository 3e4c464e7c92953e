// WRONG (data race): the threads increment the shared bins without atomics or a
// reduction, so concurrent increments of the same bin are lost.
#include <array>
#include <cstddef>
#include <vector>
struct Point {
  double x, y;
};
void countQuadrants(std::vector<Point> const& points, std::array<size_t, 4>& bins) {
#pragma omp parallel for
  for (size_t i = 0; i < points.size(); ++i) {
    const Point& p = points[i];
    const int q = p.y >= 0 ? (p.x >= 0 ? 0 : 1) : (p.x < 0 ? 2 : 3);
    bins[q]++;
  }
}
