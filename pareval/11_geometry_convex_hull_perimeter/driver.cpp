#include <harness/driver.hpp>

struct Point {
  double x, y;
};
#include "args.hpp"

// 11_geometry_convex_hull_perimeter. Coordinates are integers times 2^-10 with |integer| <= 2^20,
// so every orientation test (a difference of two products of coordinate differences)
// is exact in double arithmetic: any correct method gets exactly the same vertices, and
// collinearity is exact. The seed picks the distribution:
//   0: uniform in a square (a few dozen hull vertices);
//   1: uniform in a disk (hull ~ n^(1/3) vertices);
//   2: in a thin annulus near a circle (width 10^-u of the radius, u in [1, 4]): many or
//      most points are hull vertices;
//   3: a small integer grid, side ~ sqrt(n)/2 + 2: many duplicate points and many points
//      on the hull's edges (collinear, not vertices).
// For n >= 3 the points are never all collinear (the last point is moved off the line
// if they are), so the hull is a proper polygon.
// The perimeter is compared with a relative tolerance.
namespace {
bool same(const Point& a, const Point& b) { return a.x == b.x && a.y == b.y; }
}  // namespace

struct Instance {
  size_t n;
  std::vector<Point> points, points0;
  double result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), points(size), points0(size) {
    a = {&points, &result};
  }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const int kind = int(s0.u64(0) % 4);
    const double R = 1048576.0;  // 2^20
    const double width = std::pow(10.0, -s3.uniform(0, 1.0, 4.0));
    const int64_t side = int64_t(std::sqrt(double(n)) / 2) + 2;
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double u = s1.unit(i), v = s2.unit(i);
      double x, y;
      if (kind == 0) {
        x = std::floor(R * (2 * u - 1)), y = std::floor(R * (2 * v - 1));
      } else if (kind == 1 || kind == 2) {
        const double r = kind == 1 ? R * std::sqrt(u) : R * (1 - width * u);
        const double t = 2 * M_PI * v;
        x = std::round(r * std::cos(t)), y = std::round(r * std::sin(t));
      } else {
        x = double(s1.integer(i, 0, side)), y = double(s2.integer(i, 0, side));
      }
      points[i] = {std::ldexp(x, -10), std::ldexp(y, -10)};
    }
    if (n >= 3) {  // never all collinear
      const Point& p0 = points[0];
      size_t j = 1;
      while (j < n && same(points[j], p0)) ++j;
      bool collinear = true;
      if (j < n) {
        const Point& p1 = points[j];
        for (size_t k = j + 1; k < n && collinear; ++k)
          collinear = (p1.x - p0.x) * (points[k].y - p0.y) == (p1.y - p0.y) * (points[k].x - p0.x);
      }
      if (collinear) {
        const Point& p1 = j < n ? points[j] : Point{p0.x + 1, p0.y};
        points[n - 1] = {p0.x - (p1.y - p0.y), p0.y + (p1.x - p0.x)};  // perpendicular at p0
      }
    }
    std::copy(points.begin(), points.end(), points0.begin());
  }
  void reset(bool poison) {
    if (poison) result = harness::kPoison;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("points", points, points0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::scalar_close("result", e.result, result, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::F64, &result, 1); }
  void inputs(harness::Outputs& o) const {
    o.add("points", harness::F64, points0.data(), 2 * n);
  }
  size_t bytes() const { return 2 * n * sizeof(Point) + sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
