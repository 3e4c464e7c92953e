#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 44_sort_sort_non-zero_elements. The zero fraction varies with the seed: none (10% of
// the seeds), almost all (95%, 10% of the seeds), otherwise p in [0.05, 0.8], modulated
// per block of 256 elements by x0.5..x1.5 so zeros cluster in places. Non-zero values:
//   0: uniform over all ints except 0, INT_MIN and INT_MAX included (~0.1% each);
//   1: uniform in [-R, R] \ {0}, R in [1, 1000] (many duplicates, both signs);
//   2: positive only, uniform in [1, 10^6] (code that mistakes negatives for zeros, or
//      sorts unsigned bit patterns, passes only on these).
// The output is compared exactly (equal ints are indistinguishable, so ties need no care).
struct Instance {
  size_t n;
  std::vector<int> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const double u = s0.unit(0);
    const double p = u < 0.1 ? 0.0 : (u < 0.2 ? 0.95 : s0.uniform(1, 0.05, 0.8));
    const int kind = int(s0.u64(2) % 3);
    const int64_t R = s0.integer(3, 1, 1000);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const double pi = std::min(1.0, p * s1.uniform(i / 256, 0.5, 1.5));
      int v = 0;
      if (!(s2.unit(i) < pi)) {
        if (kind == 0) {
          const uint64_t r = s3.u64(i);
          v = (r % 2000 == 0) ? INT_MIN : (r % 2000 == 1) ? INT_MAX : int(int32_t(uint32_t(r >> 32)));
          if (v == 0) v = 1;
        } else if (kind == 1) {
          v = int(s3.integer(i, -R, R - 1));
          if (v >= 0) ++v;  // [-R, -1] or [1, R]
        } else {
          v = int(s3.integer(i, 1, 1000000));
        }
      }
      x[i] = x0[i] = v;
    }
  }
  void reset(bool) {
    if (x.size() != n) x.resize(n);
    std::copy(x0.begin(), x0.end(), x.begin());
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // x is the in/out argument
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("x", e.x, x, why);
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::I32, x.data(), x.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(int) + sizeof(*this); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
