#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 28_reduce_smallest_odd_number. The seed picks one of four kinds, so that the answer is
// not always 1 (the upstream trap) and lies anywhere:
//   0 (40%): even values uniform over [-2^30, 2^30]; each element is odd with a
//            per-seed probability q (log-uniform in [1e-6, 0.5]), odd values uniform
//            over [-2^30, 2^30]: the smallest odd is at a random place and far above the
//            smallest value, and often there is none (INT_MAX) at small sizes;
//   1 (15%): only even values (INT_MIN and INT_MAX - 1 among them): the answer is INT_MAX;
//   2 (25%): small values in [-60, 60] (many ties, negative odds: x % 2 == 1 fails);
//   3 (20%): non-negative values in [0, 10^6) (but for the planted -1 below) with odd ones (q as in 0) at least
//            the per-seed floor f in [1, 10^6), and INT_MAX (odd) sprinkled in.
// Then, in 60% of the seeds of kinds 0, 2 and 3, a unique smallest odd value (smaller
// than every other odd value of the kind) is planted at the first position, the last
// position or a random one (each a third of the time), so the answer sits at the edges
// often enough for loops that skip an end element to fail. From n = 2^20 on (the quick
// and timed sizes) kinds 0, 2 and 3 instead get 0 to 3 planted odd values below the
// kind's range, of random depths (up to 2^21 below it), in [n/8, 7n/8): a value below the
// range tells a call neither that it is the smallest nor that none follows, so no call
// can stop at one (a single plant at a fixed value let a call answer on sight, from one
// look at the ends: a red team, 2026-12-07). The smaller validation sizes cover the ends.
// Kind, q, f and the plants (streams 0 and 4) are drawn apart from the values handed over.
constexpr size_t kLarge = size_t(1) << 20;

struct Instance {
  size_t n;
  std::vector<int> x, x0;
  int result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, &result}; }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4);
    const uint64_t k100 = s0.u64(0) % 100;
    const int kind = k100 < 40 ? 0 : (k100 < 55 ? 1 : (k100 < 80 ? 2 : 3));
    const double q = std::pow(10.0, s0.uniform(1, -6.0, std::log10(0.5)));
    const int64_t f = s0.integer(2, 1, 999999);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double u = s1.unit(i);
      int v;
      switch (kind) {
        case 0:
          v = u < q ? int(2 * s2.integer(i, -(1 << 29), (1 << 29) - 1) + 1)
                    : int(2 * s2.integer(i, -(1 << 29), 1 << 29));
          break;
        case 1: {
          const uint64_t r = s2.u64(i);
          v = (r % 1000 == 0) ? INT_MIN : (r % 1000 == 1) ? INT_MAX - 1
                                                          : int(2 * s3.integer(i, -(1 << 30), (1 << 30) - 1));
          break;
        }
        case 2:
          v = int(s2.integer(i, -60, 60));
          break;
        default:
          if (u < q) v = int(s2.integer(i, f, 999999)) | 1;
          else if (u > 0.999) v = INT_MAX;
          else v = int(2 * s2.integer(i, 0, 499999));
          break;
      }
      x[i] = x0[i] = v;
    }
    const int below = kind == 0 ? -(1 << 30) - 1 : kind == 2 ? -61 : -1;  // odd, below the kind's odd values
    if (kind != 1 && nn >= kLarge) {
      const int plants = int(s4.integer(0, 0, 3));
      for (int k = 0; k < plants; ++k) {
        const size_t pos = nn / 8 + size_t(s4.integer(1 + k, 0, int64_t(nn - nn / 4) - 1));
        x[pos] = x0[pos] = below - 2 * int(s4.integer(10 + k, 0, 1 << 20));
      }
    } else if (nn > 0 && kind != 1 && s0.unit(3) < 0.6) {
      const uint64_t where = s0.u64(4) % 3;
      const size_t pos = where == 0 ? 0 : where == 1 ? nn - 1 : size_t(s0.integer(5, 0, int64_t(nn) - 1));
      x[pos] = x0[pos] = below;
    }
  }
  void reset(bool poison) { result = poison ? -2 : 0; }  // even: never a correct answer
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::scalar_equal("result", e.result, result, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::I32, &result, 1); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), x0.size()); }
  size_t bytes() const { return 2 * n * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
