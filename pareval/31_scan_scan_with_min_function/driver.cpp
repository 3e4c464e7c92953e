#include <harness/driver.hpp>
#include "args.hpp"

// 31_scan_scan_with_min_function. Values are multiples of 1/64 (exact in float, never
// denormal, many exact ties); the seed picks one of four shapes so that the running
// minimum changes often and anywhere, not only in the first few elements:
//   0: decreasing trend plus noise: v = 1000 * (1 - i/n) + noise (the minimum changes
//      all the way to the end);
//   1: uniform in [-1000, 1000) (the minimum settles early);
//   2: a sawtooth: blocks of random length whose levels mostly fall, with noise;
//   3: small integers in [-8, 8] with a slow downward drift (long runs of ties).
// x is modified in place: reset() restores it from the pristine copy x0.
struct Instance {
  size_t n;
  std::vector<float> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }

  // Streams: s1 each element's noise, s2 the levels of kind 2's blocks, s9 the kind's parameters.
  static float value(const harness::Stream& s1, const harness::Stream& s2, const harness::Stream& s9, int kind,
                     size_t n, size_t i) {
    const double t = n ? double(i) / double(n) : 0.0;
    double v;
    switch (kind) {
      case 0: {
        const double amp = s9.uniform(0, 1.0, 200.0);
        v = 1000.0 * (1.0 - t) + s1.uniform(i, -amp, amp);
        break;
      }
      case 2: {
        const uint64_t block = uint64_t(i) >> int(s9.integer(1, 4, 12));
        const double level = 1000.0 * (1.0 - t) + s2.uniform(block, -300.0, 300.0);
        v = level + s1.uniform(i, -20.0, 20.0);
        break;
      }
      case 3:
        v = double(s1.integer(i, -8, 8)) - 64.0 * t;
        v = std::floor(v);
        break;
      default:
        v = s1.uniform(i, -1000.0, 1000.0);
    }
    return float(std::round(v * 64.0) / 64.0);
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s9(seed, 9);
    const int kind = int(s0.u64(0) % 4);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x0[i] = value(s1, s2, s9, kind, nn, i);
  }
  void reset(bool) {
    if (x.size() != n) x.resize(n);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x[i] = x0[i];
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // x is the in-place output
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x", e.x, x, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::F32, x.data(), x.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(float); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
