#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

struct Point {
  double x, y;
};

// Serial reference. The baseline's chain of data-dependent branches mispredicts on
// scattered points. Counting is branch-free instead: with a = #{x < 0}, b = #{y < 0} and
// c = #{x < 0 and y < 0} (vectorized compare-and-add),
//   bins[2] = c, bins[1] = a - c, bins[3] = b - c, bins[0] = n - a - b + c.
void countQuadrants(std::vector<Point> const& points, std::array<size_t, 4>& bins) {
  const size_t n = points.size();
  const Point* p = points.data();
  uint64_t a = 0, b = 0, c = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t xn = p[i].x < 0, yn = p[i].y < 0;
    a += xn;
    b += yn;
    c += xn & yn;
  }
  bins[0] += n - a - b + c;
  bins[1] += a - c;
  bins[2] += c;
  bins[3] += b - c;
}
