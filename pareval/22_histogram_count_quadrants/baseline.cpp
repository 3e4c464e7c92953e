#include <array>
#include <cstddef>
#include <vector>

struct Point {
  double x, y;
};

/* Count the number of points in each quadrant and add the counts to bins, in this order:
   bins[0]: x >= 0 and y >= 0;  bins[1]: x < 0 and y >= 0;
   bins[2]: x < 0 and y < 0;    bins[3]: x >= 0 and y < 0.
   A coordinate equal to 0 counts as non-negative. bins arrives zeroed.
   Example: input [{1.5, 0.1}, {-3, 1.1}, {5, 9}, {1.5, -1}, {3, -7}, {0.1, 2}]
         -> output [3, 1, 0, 2]
*/
void countQuadrants(std::vector<Point> const& points, std::array<size_t, 4>& bins) {
  for (size_t i = 0; i < points.size(); ++i) {
    const Point& p = points[i];
    if (p.x >= 0 && p.y >= 0) {
      bins[0]++;
    } else if (p.x < 0 && p.y >= 0) {
      bins[1]++;
    } else if (p.x < 0 && p.y < 0) {
      bins[2]++;
    } else {
      bins[3]++;
    }
  }
}
