#include <harness/driver.hpp>
#include "args.hpp"

// 21_histogram_bin_0-100. Values in [0, 100), drawn so the bin edges matter:
//   70%: 100 * u^g (u uniform in [0, 1), g per seed in [1, 3]: skewed towards the low
//        bins by a per-seed amount, so the counts differ from bin to bin);
//   10%: an exact edge 10k (k = 0..9: 0, 10, ..., 90), which belongs to bin k;
//   10%: the largest double below an edge 10k (k = 1..10, so 99.99999999999999 too),
//        which belongs to bin k-1 (x * 0.1 instead of x / 10 rounds the last one up to
//        10, and float rounds them all up);
//   10%: an integer 0..99 (ties).
// bins arrive zeroed (the calling convention: the function adds its counts to them).
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  std::array<size_t, 10> bins{};
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, &bins}; }

  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    const double g = s0.uniform(0, 1.0, 3.0);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double u = s1.unit(i);
      const double w = s2.unit(i);
      double v;
      if (u < 0.7) {
        v = 100.0 * std::pow(w, g);
      } else if (u < 0.8) {
        v = 10.0 * double(int(w * 10));
      } else if (u < 0.9) {
        v = std::nextafter(10.0 * double(1 + int(w * 10)), 0.0);
      } else {
        v = double(int(w * 100));
      }
      if (!(v >= 0.0 && v < 100.0)) v = 0.0;  // pow(w, g) < 1 always; belt and braces
      x[i] = x0[i] = v;
    }
  }
  void reset(bool) { bins.fill(0); }  // bins always arrive zeroed
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("bins", e.bins.data(), bins.data(), 10, why);
  }
  void outputs(harness::Outputs& o) const { o.add("bins", harness::U64, bins.data(), 10); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), x0.size()); }
  size_t bytes() const { return 2 * n * sizeof(double) + sizeof(bins); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
