#include <omp.h>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

struct Point {
  double x, y;
};

// OpenMP reference: the serial reference's branch-free counts a = #{x < 0},
// b = #{y < 0}, c = #{x < 0 and y < 0}, with the points shared statically between
// threads and a sum reduction; the four bins follow from a, b, c and n.
void countQuadrants(std::vector<Point> const& points, std::array<size_t, 4>& bins) {
  const long n = long(points.size());
  const Point* p = points.data();
  uint64_t a = 0, b = 0, c = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : a, b, c) if (n > 100000)
  for (long i = 0; i < n; ++i) {
    const uint64_t xn = p[i].x < 0, yn = p[i].y < 0;
    a += xn;
    b += yn;
    c += xn & yn;
  }
  bins[0] += uint64_t(n) - a - b + c;
  bins[1] += a - c;
  bins[2] += c;
  bins[3] += b - c;
}
