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
// often enough for loops that skip an end element to fail.
struct Instance {
  size_t n;
  std::vector<int> x, x0;
  int result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, &result}; }

  void generate(uint64_t seed) {
    using namespace harness;
    const uint64_t k100 = rand_u64(seed, 0, 0) % 100;
    const int kind = k100 < 40 ? 0 : (k100 < 55 ? 1 : (k100 < 80 ? 2 : 3));
    const double q = std::pow(10.0, rand_uniform(seed, 0, 1, -6.0, std::log10(0.5)));
    const int64_t f = rand_int(seed, 0, 2, 1, 999999);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double u = rand_unit(seed, 1, i);
      int v;
      switch (kind) {
        case 0:
          v = u < q ? int(2 * rand_int(seed, 2, i, -(1 << 29), (1 << 29) - 1) + 1)
                    : int(2 * rand_int(seed, 2, i, -(1 << 29), 1 << 29));
          break;
        case 1: {
          const uint64_t r = rand_u64(seed, 2, i);
          v = (r % 1000 == 0) ? INT_MIN : (r % 1000 == 1) ? INT_MAX - 1
                                                          : int(2 * rand_int(seed, 3, i, -(1 << 30), (1 << 30) - 1));
          break;
        }
        case 2:
          v = int(rand_int(seed, 2, i, -60, 60));
          break;
        default:
          if (u < q) v = int(rand_int(seed, 2, i, f, 999999)) | 1;
          else if (u > 0.999) v = INT_MAX;
          else v = int(2 * rand_int(seed, 2, i, 0, 499999));
          break;
      }
      x[i] = x0[i] = v;
    }
    if (nn > 0 && kind != 1 && rand_unit(seed, 0, 3) < 0.6) {
      const uint64_t where = rand_u64(seed, 0, 4) % 3;
      const size_t pos = where == 0 ? 0 : where == 1 ? nn - 1 : size_t(rand_int(seed, 0, 5, 0, int64_t(nn) - 1));
      const int planted = kind == 0 ? -(1 << 30) - 1 : kind == 2 ? -61 : -1;
      x[pos] = x0[pos] = planted;
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
