#include <harness/driver.hpp>
#include <numeric>
#include "args.hpp"

// 14_geometry_closest_pair_1d. The seed picks one of five distributions, so the closest
// pair lands anywhere (never predictably adjacent in the input) and the answer is not
// always of one kind:
//   0: uniform in [-1000, 1000);
//   1: integers in [-K, K] times 2^e (e in [-4, 4], exact), K in [n^2/16, 4 n^2]: exact
//      duplicates (answer 0) in roughly a third of these seeds, otherwise the answer is
//      a multiple of 2^e;
//   2: 1..16 clusters with log-uniform spreads in [1e-3, 1e3): the answer comes from
//      the tightest cluster;
//   3: magnitudes spanning 16 decades, +-10^u with u in [-8, 8): the closest pair is
//      among the values near zero;
//   4: a shuffled ramp, x[i] = pi(i) + u/3 (distinct, gaps >= 1/3), plus one planted
//      pair at two random positions that is 10^-v apart (v in [1, 9]).
// Values are never denormal, infinite or NaN.
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  double result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, &result}; }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4), s5(seed, 5), s6(seed, 6);
    const int kind = int(s0.u64(0) % 5);
    const double nd = double(std::max<size_t>(n, 1));
    const double K = std::floor(nd * nd * s3.uniform(0, 1.0 / 16, 4.0)) + 1;
    const double scale = std::ldexp(1.0, int(s3.integer(1, -4, 4)));
    const int64_t clusters = s3.integer(2, 1, 16);
    // kind 4: an affine permutation i -> (m * i + c) mod n with m coprime to n
    uint64_t mul = 1, off = 0;
    if (kind == 4 && n > 1) {
      for (uint64_t t = 0;; ++t) {
        mul = s3.u64(10 + t) % n;
        if (std::gcd<uint64_t>(mul, n) == 1) break;
      }
      off = s3.u64(4) % n;
    }
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double u = s1.unit(i);
      double v;
      switch (kind) {
        case 0: v = -1000.0 + 2000.0 * u; break;
        case 1: v = scale * double(s1.integer(i, -int64_t(K), int64_t(K))); break;
        case 2: {
          const int64_t c = s2.integer(i, 0, clusters - 1);
          const double spread = std::pow(10.0, s4.uniform(uint64_t(c), -3.0, 3.0));
          const double centre = s5.uniform(uint64_t(c), -1e4, 1e4);
          v = centre + spread * (2.0 * u - 1.0);
          break;
        }
        case 3: {
          const double mag = std::pow(10.0, -8.0 + 16.0 * u);
          v = (s2.u64(i) & 1) ? -mag : mag;
          break;
        }
        default: v = double((mul * i + off) % nn) + u / 3.0; break;
      }
      x[i] = v;
    }
    if (kind == 4 && n >= 2) {
      const size_t p = size_t(s6.integer(0, 0, int64_t(n) - 1));
      size_t q = size_t(s6.integer(1, 0, int64_t(n) - 2));
      if (q >= p) ++q;
      x[q] = x[p] + std::pow(10.0, -double(s6.integer(2, 1, 9)));
    }
    std::copy(x.begin(), x.end(), x0.begin());
  }
  void reset(bool poison) {
    if (poison) result = harness::kPoison;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::scalar_close("result", e.result, result, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::F64, &result, 1); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), x0.size()); }
  size_t bytes() const { return 2 * n * sizeof(double) + sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
