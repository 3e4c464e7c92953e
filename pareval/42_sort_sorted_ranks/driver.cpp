#include <harness/driver.hpp>
#include "args.hpp"

// 42_sort_sorted_ranks. The values must be distinct, so value i is built from h(i), a
// seeded bijection of [0, 2^28) (add, then odd multiplies and xor-shifts modulo 2^28):
// distinct i give distinct bit patterns. The 28 bits become a normal float: 23 mantissa
// bits, 4 or 5 exponent bits (magnitudes 2^-15 .. 2^16) and, per seed, a sign bit (mixed
// signs in 70% of the seeds, all positive or all negative in 15% each, so sorting the
// raw bit patterns as unsigned is right only on some inputs). No zeros, NaN, inf or
// denormals. Needs n <= 2^28. Ranks are compared exactly; the poison value is SIZE_MAX.
struct Instance {
  size_t n;
  std::vector<float> x, x0;
  std::vector<size_t> r;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), r(size) { a = {&x, &r}; }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0);
    constexpr uint32_t M = (1u << 28) - 1;
    const uint32_t off = uint32_t(s0.u64(0)) & M;
    const uint32_t m1 = (uint32_t(s0.u64(1)) | 1u) & M;
    const uint32_t m2 = (uint32_t(s0.u64(2)) | 1u) & M;
    const uint32_t m3 = (uint32_t(s0.u64(3)) | 1u) & M;
    const double u = s0.unit(4);
    const int sign_mode = u < 0.7 ? 0 : (u < 0.85 ? 1 : 2);  // mixed, all +, all -
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      uint32_t h = (uint32_t(i) + off) & M;
      h = (h * m1) & M;
      h ^= h >> 15;
      h = (h * m2) & M;
      h ^= h >> 13;
      h = (h * m3) & M;
      h ^= h >> 11;
      uint32_t bits;
      const uint32_t mant = h & 0x7FFFFFu;
      if (sign_mode == 0) {
        bits = ((h >> 27) << 31) | ((113u + ((h >> 23) & 15u)) << 23) | mant;
      } else {
        bits = ((sign_mode == 2 ? 1u : 0u) << 31) | ((112u + ((h >> 23) & 31u)) << 23) | mant;
      }
      float f;
      std::memcpy(&f, &bits, sizeof f);
      x[i] = x0[i] = f;
    }
  }
  void reset(bool poison) {
    harness::reset_output(r, n, poison, std::numeric_limits<size_t>::max());
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("ranks_", e.r, r, why);
  }
  void outputs(harness::Outputs& o) const { o.add("ranks_", harness::U64, r.data(), r.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(float) + n * sizeof(size_t); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
