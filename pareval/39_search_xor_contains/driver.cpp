#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 39_search_xor_contains. x and y both have n elements. val is drawn per seed (a random
// int, or INT_MIN, INT_MAX, 0 or -1 in a fifth of the seeds). Background values are
// uniform over all ints, with 1 in 8 being val - 1, val + 1 or val with a flipped
// high bit (near misses); any background value equal to val is replaced. The seed then
// decides where val is planted (1 copy in half of the cases, else 2 or 3; the first at
// index 0, at n-1 or anywhere, a third each):
//   55 %: in neither (false; the timing median is a full scan of both arrays),
//   15 %: in x only (true), 15 %: in y only (true), 15 %: in both (false).
// "Is it in x or y" (or) and "is it in x" alone both fail on some of these.
// From n = 2^20 on (the quick and timed sizes) all copies lie in [n/8, 7n/8), so every
// call scans at least an eighth of each array in either direction: the harness
// calibrates its iterations per measurement on the first seed, and a call that returns
// after a few elements would spoil that. The smaller validation sizes cover the edges.
constexpr size_t kLarge = size_t(1) << 20;

struct Instance {
  size_t n;
  std::vector<int> x, y, x0, y0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), y(size), x0(size), y0(size) {
    a = {&x, &y, 0, false};
  }

  static void fill(std::vector<int>& v, const harness::Stream& stream, uint32_t t) {
    const size_t nn = v.size();
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      const uint64_t r = stream.u64(i);
      uint32_t w = uint32_t(r);
      switch ((r >> 32) % 24) {
        case 0: w = t - 1u; break;
        case 1: w = t + 1u; break;
        case 2: w = t ^ 0x80000000u; break;
        default: break;
      }
      if (w == t) w = t ^ 2u;
      v[i] = int(w);
    }
  }
  static void plant(std::vector<int>& v, const harness::Stream& stream, int val) {
    const size_t nn = v.size();
    if (nn == 0) return;
    const int copies = stream.unit(0) < 0.5 ? 1 : int(stream.integer(2, 2, 3));
    for (int k = 0; k < copies; ++k) {
      size_t pos = size_t(stream.integer(10 + k, 0, int64_t(nn) - 1));
      if (nn >= kLarge) {
        pos = nn / 8 + size_t(stream.integer(10 + k, 0, int64_t(nn - nn / 4) - 1));
      } else if (k == 0) {
        const int64_t where = stream.integer(1, 0, 2);  // 0: front, 1: back, 2: anywhere
        if (where == 0) pos = 0;
        if (where == 1) pos = nn - 1;
      }
      v[pos] = val;
    }
  }

  void generate(uint64_t seed) {
    const harness::Stream s1(seed, 1), s6(seed, 6);
    const uint64_t tk = s1.u64(0) % 20;
    const int val = tk == 0 ? INT_MIN : tk == 1 ? INT_MAX : tk == 2 ? 0 : tk == 3 ? -1
                                                                               : int(uint32_t(s1.u64(1)));
    a.val = val;
    fill(x, harness::Stream(seed, 2), uint32_t(val));
    fill(y, harness::Stream(seed, 3), uint32_t(val));
    const double u = s6.unit(0);  // hidden: apart from val's stream (driver.hpp, stream_state)
    if (u >= 0.55 && u < 0.70) plant(x, harness::Stream(seed, 4), val);
    else if (u >= 0.70 && u < 0.85) plant(y, harness::Stream(seed, 5), val);
    else if (u >= 0.85) {
      plant(x, harness::Stream(seed, 4), val);
      plant(y, harness::Stream(seed, 5), val);
    }
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      x0[i] = x[i];
      y0[i] = y[i];
    }
  }
  void reset(bool) { a.result = false; }  // the glue always writes the result
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("x", x, x0, why) && harness::intact("y", y, y0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::scalar_equal("result", e.a.result, a.result, why);
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::BOOL, &a.result, 1); }
  void inputs(harness::Outputs& o) const {
    o.add("x", harness::I32, x0.data(), n);
    o.add("y", harness::I32, y0.data(), n);
    o.add("val", harness::I32, &a.val, 1);
  }
  size_t bytes() const { return 4 * n * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
