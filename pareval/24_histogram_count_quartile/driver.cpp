#include <harness/driver.hpp>
#include "args.hpp"

// 24_histogram_count_quartile. Non-negative values below R, R per seed one of 1, 100,
// 1e4 or 1e6 (all far below 2^31, so (int)x is defined):
//   70%: uniform in [0, R) (random fractions: unpredictable branches);
//   15%: an integer k < R plus exactly 0, 0.25, 0.5 or 0.75 (the lower edge of each bin);
//   15%: the largest double below k + 0.25, k + 0.5, k + 0.75 or k + 1 (the top of each
//        bin: float arithmetic rounds these up into the next bin).
// No negative values (the spec leaves their fractional parts undefined), NaN or denormals.
// bins arrive zeroed (the calling convention: the function adds its counts to them).
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  std::array<size_t, 4> bins{};
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, &bins}; }

  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4);
    static const double kRange[4] = {1.0, 100.0, 1e4, 1e6};
    const double R = kRange[s0.u64(0) % 4];
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double u = s1.unit(i);
      const double k = std::floor(s2.unit(i) * R);
      const int q = int(s3.u64(i) % 4);
      double v;
      if (u < 0.7) v = s4.unit(i) * R;
      else if (u < 0.85) v = k + 0.25 * q;
      else v = std::nextafter(k + 0.25 * (q + 1), 0.0);
      x[i] = x0[i] = v;
    }
  }
  void reset(bool) { bins.fill(0); }  // bins always arrive zeroed
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("bins", e.bins.data(), bins.data(), 4, why);
  }
  void outputs(harness::Outputs& o) const { o.add("bins", harness::U64, bins.data(), 4); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), x0.size()); }
  size_t bytes() const { return 2 * n * sizeof(double) + sizeof(bins); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
