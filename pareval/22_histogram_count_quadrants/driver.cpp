#include <harness/driver.hpp>

struct Point {
  double x, y;
};
#include "args.hpp"

// 22_histogram_count_quadrants. Each point's quadrant is drawn from per-seed weights
// (so the four counts differ, and bins 1 and 3 are not interchangeable), its coordinates
// have log-uniform magnitudes in [1e-3, 1e3). About 4% of the coordinates are exactly
// +0.0 (x = 0 or y = 0 counts as non-negative: code that tests > 0 fails). No -0.0, NaN
// or denormals. Quadrants are scattered (no runs), so branches are unpredictable.
// bins arrive zeroed (the calling convention: the function adds its counts to them).
struct Instance {
  size_t n;
  std::vector<Point> points, points0;
  std::array<size_t, 4> bins{};
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), points(size), points0(size) {
    a = {&points, &bins};
  }

  static double coord(const harness::Stream& bits, const harness::Stream& scale, size_t i, bool neg) {
    const uint64_t r = bits.u64(i);
    if (r % 25 == 0) return 0.0;  // +0.0 belongs to the non-negative side
    const double m = std::exp(std::log(1e-3) + scale.unit(i) *
                                                   (std::log(1e3) - std::log(1e-3)));
    return neg ? -m : m;
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4), s5(seed, 5);
    double w[4], s = 0;
    for (int k = 0; k < 4; ++k) s += (w[k] = s0.uniform(uint64_t(k), 0.1, 1.0));
    const double c0 = w[0] / s, c1 = c0 + w[1] / s, c2 = c1 + w[2] / s;
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double u = s1.unit(i);
      const int q = u < c0 ? 0 : (u < c1 ? 1 : (u < c2 ? 2 : 3));
      const bool xneg = q == 1 || q == 2, yneg = q >= 2;
      Point pt{coord(s2, s3, i, xneg), coord(s4, s5, i, yneg)};
      points[i] = points0[i] = pt;
    }
  }
  void reset(bool) { bins.fill(0); }  // bins always arrive zeroed
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("points", points, points0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("bins", e.bins.data(), bins.data(), 4, why);
  }
  void outputs(harness::Outputs& o) const { o.add("bins", harness::U64, bins.data(), 4); }
  void inputs(harness::Outputs& o) const {
    o.add("points", harness::F64, points0.data(), 2 * n);
  }
  size_t bytes() const { return 2 * n * sizeof(Point) + sizeof(bins); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
