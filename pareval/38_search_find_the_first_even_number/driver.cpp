#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 38_search_find_the_first_even_number. Before the answer every value is odd, drawn
// over all ints (so half are negative: x % 2 is -1 for them, which trips code that tests
// x % 2 == 1 for odd), with INT_MIN + 1 and INT_MAX mixed in. The seed decides:
//   60 %: no even value (answer n; the timing median is a full scan);
//   40 %: the first even value at index 0, n-1 or uniformly anywhere, drawn from the
//         even ints (0, negative and INT_MIN included); after it, values are any ints,
//         so more even values follow and "the last even" or "any even" is wrong.
//         From n = 2^20 on (the quick and timed sizes) the first even value lies in
//         [n/8, n), so every call scans at least an eighth of x: the harness calibrates
//         its iterations per measurement on the first seed, and a call that returns
//         after a few elements would spoil that; and after it only 0 to 3 more even
//         values lie, at hidden places (stream 2), the rest odd: with even values dense
//         after the answer, whether a block holds one told before from after it, and a
//         binary search over blocks found the answer in ~20 block reads (`correct` at
//         181x: a red team, 2026-12-07). The smaller validation sizes cover index 0 and
//         n-1, and dense even values after the first.
constexpr size_t kLarge = size_t(1) << 20;

struct Instance {
  size_t n;
  std::vector<int> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, 0}; }

  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    const size_t nn = n;
    size_t first = nn;
    if (nn > 0 && s1.unit(0) >= 0.6) {
      const int64_t where = s1.integer(1, 0, 5);  // 0: front, 1: back, else anywhere
      first = where == 0 ? 0 : where == 1 ? nn - 1 : size_t(s1.integer(2, 0, int64_t(nn) - 1));
      if (nn >= kLarge) first = nn / 8 + size_t(s1.integer(2, 0, int64_t(nn - nn / 8) - 1));
    }
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const uint64_t r = s0.u64(i);
      if (i < first || (i > first && nn >= kLarge)) x[i] = x0[i] = odd(r);
      else if (i == first) x[i] = x0[i] = even(r);
      else x[i] = x0[i] = int(uint32_t(r));  // any int
    }
    if (nn >= kLarge && first + 1 < nn) {
      const int more = int(s2.integer(0, 0, 3));
      for (int k = 0; k < more; ++k) {
        const size_t i = first + 1 + size_t(s2.integer(1 + k, 0, int64_t(nn - first) - 2));
        x[i] = x0[i] = even(s0.u64(i));
      }
    }
  }
  // An odd (even) int from 64 random bits: INT_MIN + 1 and INT_MAX (0 and INT_MIN) one
  // time in 64 each, else the low 32 bits with the lowest one set (cleared).
  static int odd(uint64_t r) {
    const uint32_t k = uint32_t(r >> 32) % 64;
    return int(k == 0 ? uint32_t(INT_MIN) + 1u : k == 1 ? uint32_t(INT_MAX) : (uint32_t(r) | 1u));
  }
  static int even(uint64_t r) {
    const uint32_t k = uint32_t(r >> 32) % 64;
    return int(k == 0 ? 0u : k == 1 ? uint32_t(INT_MIN) : (uint32_t(r) & ~1u));
  }
  void reset(bool poison) { a.result = poison ? std::numeric_limits<size_t>::max() : 0; }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::scalar_equal("result", e.a.result, a.result, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::U64, &a.result, 1); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::I32, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
