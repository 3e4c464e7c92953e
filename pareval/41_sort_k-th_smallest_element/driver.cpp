#include <harness/driver.hpp>
#include <climits>
#include "args.hpp"

// 41_sort_k-th_smallest_element. The seed picks the value distribution:
//   0: uniform over all ints, with INT_MIN and INT_MAX sprinkled in (~0.1% each);
//   1: a narrow range [c, c + R], R in [0, 2000), c anywhere (heavy duplicates: code that
//      counts distinct values or breaks ties wrongly fails);
//   2: a mixture of a few clusters of both signs with different widths;
//   3: mostly one repeated value with some uniform values below and above it.
// and k (always in [1, n]): k = 1 (15%), k = n (15%), k = n/2 or n/2 + 1 (10%), otherwise
// uniform in [1, n]. The poison result is -12345 (the glue overwrites it with the return).
struct Instance {
  size_t n;
  std::vector<int> x, x0;
  int k = 1;
  int result = 0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x, 1, &result}; }

  static int value(const harness::Stream* s, int kind, size_t i) {
    switch (kind) {
      case 0: {
        const uint64_t r = s[1].u64(i);
        if (r % 2000 == 0) return INT_MIN;
        if (r % 2000 == 1) return INT_MAX;
        return int(int32_t(uint32_t(r >> 32)));
      }
      case 1: {
        const int64_t R = s[2].integer(0, 0, 1999);
        const int64_t c = s[2].integer(1, int64_t(INT_MIN), int64_t(INT_MAX) - R);
        return int(c + s[1].integer(i, 0, R));
      }
      case 2: {
        const int64_t g = s[3].integer(i, 0, 4);
        const int64_t c = s[4].integer(uint64_t(g), -1000000000, 1000000000);
        const int64_t w = s[5].integer(uint64_t(g), 0, 1000000);
        return int(c + s[1].integer(i, -w, w));
      }
      default: {
        const int64_t c = s[2].integer(0, -1000, 1000);
        if (s[3].unit(i) < 0.7) return int(c);
        return int(s[1].integer(i, int64_t(INT_MIN), int64_t(INT_MAX)));
      }
    }
  }
  void generate(uint64_t seed) {
    using namespace harness;
    const harness::Stream s[] = {{seed, 0}, {seed, 1}, {seed, 2}, {seed, 3}, {seed, 4}, {seed, 5}};
    const int kind = int(s[0].u64(0) % 4);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) x[i] = x0[i] = value(s, kind, i);
    const double u = s[0].unit(1);
    const int64_t N = int64_t(std::max<size_t>(n, 1));
    if (u < 0.15) k = 1;
    else if (u < 0.30) k = int(N);
    else if (u < 0.40) k = int(std::min<int64_t>(N, N / 2 + int64_t(s[0].u64(2) & 1)));
    else k = int(s[0].integer(3, 1, N));
    if (k < 1) k = 1;
    a.k = k;
  }
  void reset(bool poison) {
    a.k = k;
    if (poison) result = -12345;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    if (a.k != k) {
      if (why) *why = "the candidate modified its input 'k'";
      return false;
    }
    return harness::intact("x", x, x0, why);
  }
  bool matches(const Instance& e, double, double, std::string* why) const {
    if (e.result == result) return true;
    if (why)
      *why = "result (k = " + std::to_string(k) + " of n = " + std::to_string(n) + "): expected " +
             std::to_string(e.result) + ", got " + std::to_string(result);
    return false;
  }
  void outputs(harness::Outputs& o) const { o.add("result", harness::I32, &result, 1); }
  void inputs(harness::Outputs& o) const {
    o.add("x", harness::I32, x0.data(), n);
    o.add("k", harness::I32, &k, 1);
  }
  size_t bytes() const { return 2 * n * sizeof(int) + sizeof(*this); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
