#include <harness/driver.hpp>

struct Point {
  double x, y;
};
#include "args.hpp"

// 12_geometry_smallest_triangle. Coordinates are integers times 2^-10 with
// |integer| <= 2^20, so every twice-area (a sum of products of coordinates or of
// coordinate differences) is an integer times 2^-20 below 2^43 of those units: exact in
// double arithmetic, whatever the formula or the order of its terms. Every correct method
// gets exactly the baseline's answer, and a degenerate triangle has area exactly 0.
// The seed picks a base distribution (base coordinates are even integers, so that a
// midpoint of two points is again on the integer grid):
//   0: uniform in the square [-2^20, 2^20]^2;
//   1: uniform in a tall thin strip of half-width 2^20 * 10^-u, u in [0.5, 1.5] (nearly
//      collinear points: the x order says little about which triples are thin);
//   2: 1..16 clusters around random centres, spread 2^15..2^18 units (the smallest
//      triangle lies inside some cluster, at unrelated indices);
//   3: near a circle of radius 2^20 (convex position: many thin triangles of similar
//      area formed by neighbours on the circle, in random index order).
// and, independently, a plant: none (half of the seeds), a collinear triple (30%: point
// k becomes the midpoint of points i and j) or a repeated point (20%: point k becomes a
// copy of point i), with i, j, k distinct random indices, so the answer is 0 through one
// triple placed anywhere. Without a plant the answer is nearly always > 0 (checked for
// the default and validation sizes). Coordinates are never denormal or NaN.
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
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4), s5(seed, 5),
                 s6(seed, 6), s7(seed, 7), s8(seed, 8), s9(seed, 9), s10(seed, 10);
    const int kind = int(s0.u64(0) % 4);
    const double R = 524288.0;  // 2^19 (times 2: even integers up to 2^20)
    const double strip = R * std::pow(10.0, -s3.uniform(0, 0.5, 1.5));
    const int64_t clusters = s4.integer(0, 1, 16);
    for (size_t i = 0; i < n; ++i) {
      const double u = s1.unit(i), v = s2.unit(i);
      double x, y;  // half-units: the coordinate is 2 * round(.) units
      if (kind == 0) {
        x = R * (2 * u - 1), y = R * (2 * v - 1);
      } else if (kind == 1) {
        x = strip * (2 * u - 1), y = R * (2 * v - 1);
      } else if (kind == 2) {
        const int64_t c = s5.integer(i, 0, clusters - 1);
        const double spread = std::ldexp(1.0, int(s6.integer(uint64_t(c), 14, 17)));
        const double cx = s7.uniform(uint64_t(c), -R + spread, R - spread);
        const double cy = s8.uniform(uint64_t(c), -R + spread, R - spread);
        x = cx + spread * (2 * u - 1), y = cy + spread * (2 * v - 1);
      } else {
        const double t = 2 * M_PI * u, r = R * (1 - 1e-3 * v);
        x = r * std::cos(t), y = r * std::sin(t);
      }
      points[i] = {std::ldexp(2 * std::round(x), -10), std::ldexp(2 * std::round(y), -10)};
    }
    const uint64_t plant = s9.u64(0) % 10;  // 0-4 none, 5-7 collinear, 8-9 repeat
    if (n >= 3 && plant >= 5) {
      const size_t i = size_t(s10.integer(0, 0, int64_t(n) - 1));
      size_t j = size_t(s10.integer(1, 0, int64_t(n) - 2));
      if (j >= i) ++j;
      size_t k = size_t(s10.integer(2, 0, int64_t(n) - 3));
      if (k >= std::min(i, j)) ++k;
      if (k >= std::max(i, j)) ++k;
      if (plant <= 7)
        points[k] = {0.5 * (points[i].x + points[j].x), 0.5 * (points[i].y + points[j].y)};
      else
        points[k] = points[i];
    }
    std::copy(points.begin(), points.end(), points0.begin());
  }
  void reset(bool poison) {
    if (poison) result = harness::kPoison;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("points", points, points0, why);
  }
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
