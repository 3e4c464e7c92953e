#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 59_transform_map_function. Values are drawn so every branch of the test matters:
// 30% exact powers of two 2^k (k in 0..30), 10% 2^k - 1 and 2^k + 1 (which include 0, 1,
// 2 and 3), 10% negated powers of two -2^k (k in 0..31, so INT_MIN too, which a test on
// the unsigned bit pattern wrongly accepts), 5% zero, 3% INT_MIN or INT_MAX, the rest
// uniform over all ints. The mask is poisoned with all-true, so a candidate that only
// writes the true entries fails.
struct Instance {
  size_t n;
  std::vector<int> x, x0;
  std::vector<bool> mask;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), mask(size) { a = {&x, &mask}; }

  // One 64-bit draw per element: the high 32 bits pick the kind, the low 32 bits the
  // exponent or the value.
  static int value(const harness::Stream& s0, size_t i) {
    const uint64_t r = s0.u64(i);
    const double u = double(uint32_t(r >> 32)) * 0x1.0p-32;
    const uint32_t lo = uint32_t(r);
    const int k = int((uint64_t(lo) * 31) >> 32);  // 0..30
    if (u < 0.30) return int(1u << k);
    if (u < 0.35) return int((1u << k) - 1u);
    if (u < 0.40) return int((1u << k) + 1u);  // 2^30 + 1 still fits
    if (u < 0.50) {
      const int k31 = int((uint64_t(lo) * 32) >> 32);  // 0..31
      return k31 == 31 ? INT_MIN : -int(1u << k31);
    }
    if (u < 0.55) return 0;
    if (u < 0.58) return (lo & 1) ? INT_MIN : INT_MAX;
    return int(int32_t(lo));
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x[i] = x0[i] = value(s0, i);
  }
  void copy_inputs(const Instance& src) {
    harness::copy_into(x, src.x0);
    harness::copy_into(x0, src.x0);
  }
  void reset(bool poison) { harness::reset_output(mask, n, poison, true); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("mask", e.mask, mask, why);
  }
  // mask is a std::vector<bool>, exposed as one 0/1 byte per element
  bool adopt(const harness::Views& v, std::string* why) {
    std::vector<uint8_t> mask_u8(mask.size());
    if (!v.names_are({"mask"}, why) || !v.copy("mask", harness::U8, mask_u8, why)) return false;
    for (size_t i = 0; i < mask.size(); ++i) {
      if (mask_u8[i] > 1) {
        if (why)
          *why = "mask[" + std::to_string(i) + "] (of " + std::to_string(mask.size()) +
                 "): byte " + std::to_string(int(mask_u8[i])) + " is not a bool";
        return false;
      }
      mask[i] = mask_u8[i] != 0;
    }
    return true;
  }
  void outputs(harness::Outputs& o) const {
    std::vector<uint8_t>& mask_u8 = harness::output_buffer<uint8_t>(this, "mask");  // outside the instance
    mask_u8.assign(mask.begin(), mask.end());
    o.add("mask", harness::U8, mask_u8.data(), mask_u8.size());
  }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(int) + (n + 63) / 64 * 8; }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
