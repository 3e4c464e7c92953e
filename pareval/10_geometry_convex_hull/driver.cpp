#include <harness/driver.hpp>

struct Point {
  double x, y;
};
#include "args.hpp"

// 10_geometry_convex_hull. Coordinates are integers times 2^-10 with |integer| <= 2^20,
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
// Comparison: the hull is a set. Both vertex lists are deduplicated and sorted by
// coordinates, then compared exactly (a closing repeat of the first vertex is accepted).
namespace {
bool less_xy(const Point& a, const Point& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
bool same(const Point& a, const Point& b) { return a.x == b.x && a.y == b.y; }
std::vector<Point> as_set(const std::vector<Point>& v) {
  std::vector<Point> s(v);
  std::sort(s.begin(), s.end(), less_xy);
  s.erase(std::unique(s.begin(), s.end(), same), s.end());
  return s;
}
std::string fmt(const Point& p) { return "{" + harness::fmt(p.x) + ", " + harness::fmt(p.y) + "}"; }
}  // namespace

struct Instance {
  size_t n;
  std::vector<Point> points, points0, hull;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), points(size), points0(size) {
    hull.reserve(64);
    a = {&points, &hull};
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
    hull.clear();
    (void)poison;  // hull arrives empty: a result must be appended or assigned
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("points", points, points0, why); }
  bool matches(const Instance& e, double, double, std::string* why) const {
    for (const Point& p : hull)
      if (std::isnan(p.x) || std::isnan(p.y)) {
        if (why) *why = "hull contains NaN";
        return false;
      }
    const std::vector<Point> se = as_set(e.hull), sg = as_set(hull);
    for (size_t i = 0; i < std::max(se.size(), sg.size()); ++i) {
      if (i < se.size() && i < sg.size() && same(se[i], sg[i])) continue;
      if (why) {
        std::string s = "hull as a set: expected " + std::to_string(se.size()) +
                        " distinct vertices, got " + std::to_string(sg.size()) +
                        "; first difference in (x, y) order at position " + std::to_string(i);
        if (i < se.size()) s += ": expected " + fmt(se[i]);
        if (i < sg.size()) s += ", got " + fmt(sg[i]);
        *why = s;
      }
      return false;
    }
    return true;
  }
  // The hull's size is the answer's: any whole number of vertices up to 2n + 2 is taken
  // (matches() compares them as a set, so a correct answer may repeat vertices; the bound
  // only keeps a hostile count from allocating without limit).
  bool adopt(const harness::Views& v, std::string* why) {
    if (!v.names_are({"hull"}, why)) return false;
    const harness::OutputView* h = v.get("hull", harness::F64, why);
    if (!h) return false;
    if (h->count % 2 != 0 || h->count / 2 > 2 * n + 2) {
      if (why)
        *why = "hull: has " + std::to_string(h->count) + " elements, expected an even number " +
               "(2 per vertex) of at most " + std::to_string(4 * n + 4);
      return false;
    }
    hull.resize(h->count / 2);
    return v.copy("hull", harness::F64, hull, why);
  }
  void outputs(harness::Outputs& o) const {
    o.add("hull", harness::F64, hull.data(), 2 * hull.size());
  }
  void inputs(harness::Outputs& o) const {
    o.add("points", harness::F64, points0.data(), 2 * n);
  }
  size_t bytes() const { return 2 * n * sizeof(Point) + hull.capacity() * sizeof(Point); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
