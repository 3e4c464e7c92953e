// WRONG (boundary): tests x > 0 and y > 0 for the non-negative side, so points with a
// coordinate exactly 0 land in the wrong quadrant.
#include <array>
#include <cstddef>
#include <vector>
struct Point {
  double x, y;
};
void countQuadrants(std::vector<Point> const& points, std::array<size_t, 4>& bins) {
  for (auto const& p : points) {
    const bool xp = p.x > 0, yp = p.y > 0;
    if (xp && yp) bins[0]++;
    else if (!xp && yp) bins[1]++;
    else if (!xp && !yp) bins[2]++;
    else bins[3]++;
  }
}
