// WRONG (only on some inputs): numbers the lower quadrants counter-clockwise from the
// wrong side (x >= 0, y < 0 into bins[2]; x < 0, y < 0 into bins[3]); right only when
// those two counts happen to be equal.
#include <array>
#include <cstddef>
#include <vector>
struct Point {
  double x, y;
};
void countQuadrants(std::vector<Point> const& points, std::array<size_t, 4>& bins) {
  for (auto const& p : points) {
    const int q = p.y >= 0 ? (p.x >= 0 ? 0 : 1) : (p.x >= 0 ? 2 : 3);
    bins[q]++;
  }
}
