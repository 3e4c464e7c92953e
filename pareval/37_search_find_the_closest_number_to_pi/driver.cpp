#include <harness/driver.hpp>
#include "args.hpp"

// 37_search_find_the_closest_number_to_pi.
// Background values are uniform in [-10, 10). In 80 % of the seeds a window of +-1e-3
// around pi is kept free of them and the answer is planted: the value pi + s*delta
// (delta log-uniform in [1e-7, 5e-4], s = +-1) at 1 to 4 positions (exact ties: the
// smallest index wins), the first of them at index 0, at index n-1 or anywhere; and 1 or
// 2 decoys on the other side of pi that are 8 ulps farther away (they catch a truncated
// pi or float arithmetic). From n = 2^20 on (the quick and timed sizes) every copy lies in
// [n/8, 7n/8): a copy at index 0 would let a call return 0 when x[0] is that close to pi
// without reading the rest (almost always right); the validation sizes cover the edges.
// In the other 20 % the answer is wherever the uniform draw puts it. Where the copies lie
// (stream 1) is drawn apart from the values and decoys handed over (streams 0, 2 and 3:
// driver.hpp, stream_state). No NaN, no infinities, no denormals.
constexpr size_t kLarge = size_t(1) << 20;

struct Instance {
  size_t n;
  std::vector<double> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, 0}; }

  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const bool planted = n > 0 && s1.unit(0) >= 0.2;
    const double gap = planted ? 1e-3 : 0.0;
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) {
      double v = s0.uniform(i, -10.0, 10.0);
      if (std::fabs(v - M_PI) < gap) v += v >= M_PI ? gap : -gap;
      x[i] = v;
    }
    if (planted) {
      const double ulp = std::nextafter(M_PI, 4.0) - M_PI;
      const double delta = std::exp(s2.uniform(0, std::log(1e-7), std::log(5e-4)));
      const double s = s2.unit(1) < 0.5 ? -1.0 : 1.0;
      const double best = M_PI + s * delta;
      const double decoy = M_PI - s * (delta + 8 * ulp);
      const int decoys = int(s1.integer(3, 1, 2));
      for (int k = 0; k < decoys; ++k) x[size_t(s3.integer(k, 0, int64_t(n) - 1))] = decoy;
      const int copies = s1.unit(10) < 0.5 ? 1 : int(s1.integer(11, 2, 4));
      for (int k = 0; k < copies; ++k) {
        size_t pos = size_t(s1.integer(20 + k, 0, int64_t(n) - 1));
        if (n >= kLarge) {
          pos = n / 8 + size_t(s1.integer(20 + k, 0, int64_t(n - n / 4) - 1));
        } else if (k == 0) {
          const int64_t where = s1.integer(12, 0, 4);  // 0: front, 1: back, else anywhere
          if (where == 0) pos = 0;
          if (where == 1) pos = n - 1;
        }
        x[pos] = best;
      }
    }
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) x0[i] = x[i];
  }
  void copy_inputs(const Instance& src) {
    harness::copy_into(x, src.x0);
    harness::copy_into(x0, src.x0);
  }
  void reset(bool poison) { a.result = poison ? std::numeric_limits<size_t>::max() : 0; }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::scalar_equal("result", e.a.result, a.result, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::U64, &a.result, 1); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(double) + sizeof(*this); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
