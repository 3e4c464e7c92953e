#include <harness/driver.hpp>
#include "args.hpp"

// 58_transform_squaring (in place). Values are uniform over [-46340, 46340], the widest
// range whose squares fit in an int (46340^2 = 2147395600), so most squares exceed 2^24
// (float arithmetic rounds them) and 2^16 (16-bit tricks fail); 2% are exactly 0, +-1 or
// +-46340. reset() restores x from the pristine copy.
struct Instance {
  size_t n;
  std::vector<int> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }
  void generate(uint64_t seed) {
    const harness::Stream s1(seed, 1), s2(seed, 2);
    static const int kEdge[5] = {0, 1, -1, 46340, -46340};
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const uint64_t r = s1.u64(i);
      x0[i] = r % 50 == 0 ? kEdge[(r >> 8) % 5] : int(s2.integer(i, -46340, 46340));
    }
    reset(false);
  }
  void reset(bool) {
    if (x.size() != n) x.resize(n);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x[i] = x0[i];
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // x is the in/out argument
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("x", e.x, x, why);
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::I32, x.data(), x.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
