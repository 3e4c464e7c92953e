#include <harness/driver.hpp>

struct Result {
  int startTime, duration;
  float value;
};
#include "args.hpp"

// 43_sort_sort_an_array_of_structs_by_key. The seed picks how start times are drawn:
//   0: uniform in [0, 10^9) (few ties);
//   1: uniform in [c, c + R), R in [2, 5000) (many ties: each start time repeats n/R
//      times on average);
//   2: uniform over all ints, INT_MIN and INT_MAX included (negative keys: code that
//      sorts the unsigned bit patterns fails);
//   3: nearly sorted: i / 4 plus noise in [-8, 8] (runs of ties, mostly in order).
// duration is uniform in [1, 1000] and value uniform in [-100, 100) (nonzero, normal), so
// records with equal start times differ and a sort that loses or duplicates a record is
// caught.
//
// Comparison (accepts every correct sort): the startTime sequence must equal the
// expected one exactly, and inside every run of equal start times the records must be
// the same multiset (compared as (duration, value bits) pairs after sorting both sides).
namespace {
uint32_t fbits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
bool rec_less(const Result& p, const Result& q) {
  if (p.startTime != q.startTime) return p.startTime < q.startTime;
  if (p.duration != q.duration) return p.duration < q.duration;
  return fbits(p.value) < fbits(q.value);
}
bool rec_equal(const Result& p, const Result& q) {
  return p.startTime == q.startTime && p.duration == q.duration && fbits(p.value) == fbits(q.value);
}
std::string show(const Result& r) {
  return "{" + std::to_string(r.startTime) + ", " + std::to_string(r.duration) + ", " +
         harness::fmt(r.value) + "}";
}
}  // namespace

struct Instance {
  size_t n;
  std::vector<Result> x, x0;
  HarnessArgs a;
  // Views filled by outputs() for tests/oracles only (never during evaluation): the order
  // of records with equal start times is not defined, so the oracle checks what matches()
  // fixes: the startTime sequence and the multiset of records (sorted by rec_less).
  mutable std::vector<int> start_view;
  mutable std::vector<Result> sorted_view;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }

  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const int kind = int(s0.u64(0) % 4);
    const int64_t R = s0.integer(1, 2, 4999);
    const int64_t c = s0.integer(2, -1000000, 1000000);
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      int st;
      switch (kind) {
        case 0: st = int(s1.integer(i, 0, 999999999)); break;
        case 1: st = int(c + s1.integer(i, 0, R - 1)); break;
        case 2: {
          const uint64_t r = s1.u64(i);
          st = (r % 1000 == 0) ? INT32_MIN : (r % 1000 == 1) ? INT32_MAX : int(int32_t(uint32_t(r >> 32)));
          break;
        }
        default: st = int(int64_t(i / 4) + s1.integer(i, -8, 8)); break;
      }
      Result r;
      r.startTime = st;
      r.duration = int(s2.integer(i, 1, 1000));
      float v = float(s3.uniform(i, -100.0, 100.0));
      if (std::fabs(v) < 1e-3f) v = 1.0f;  // nonzero, far from the denormal range
      r.value = v;
      x[i] = x0[i] = r;
    }
  }
  void reset(bool) {
    if (x.size() != n) x.resize(n);
    std::copy(x0.begin(), x0.end(), x.begin());
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // results is the in/out argument
  bool matches(const Instance& e, double, double, std::string* why) const {
    if (harness::size_mismatch("results", e.x.size(), x.size(), why)) return false;
    const size_t m = e.x.size();
    for (size_t i = 0; i < m; ++i)
      if (e.x[i].startTime != x[i].startTime) {
        if (why)
          *why = "results[" + std::to_string(i) + "].startTime (of " + std::to_string(m) +
                 "): expected " + std::to_string(e.x[i].startTime) + ", got " +
                 std::to_string(x[i].startTime);
        return false;
      }
    std::vector<Result> ge, gg;
    for (size_t lo = 0; lo < m;) {
      size_t hi = lo + 1;
      while (hi < m && e.x[hi].startTime == e.x[lo].startTime) ++hi;
      ge.assign(e.x.begin() + lo, e.x.begin() + hi);
      gg.assign(x.begin() + lo, x.begin() + hi);
      std::sort(ge.begin(), ge.end(), rec_less);
      std::sort(gg.begin(), gg.end(), rec_less);
      for (size_t k = 0; k < ge.size(); ++k)
        if (!rec_equal(ge[k], gg[k])) {
          if (why)
            *why = "results[" + std::to_string(lo) + ".." + std::to_string(hi - 1) + "] (of " +
                   std::to_string(m) + ", startTime " + std::to_string(e.x[lo].startTime) +
                   "): not a permutation of the expected records (first difference in sorted "
                   "order: expected " + show(ge[k]) + ", got " + show(gg[k]) + ")";
          return false;
        }
      lo = hi;
    }
    return true;
  }
  // results only: the other two views are derived from it (and recomputed by outputs())
  bool adopt(const harness::Views& v, std::string* why) {
    return v.names_are({"results"}, why, {"startTime", "results_sorted"}) &&
           v.copy("results", harness::I32, x, why);
  }
  void outputs(harness::Outputs& o) const {
    // exposed as the n x 3 int32 words {startTime, duration, bits of value}
    o.add("results", harness::I32, x.data(), 3 * x.size());
    start_view.resize(x.size());
    for (size_t i = 0; i < x.size(); ++i) start_view[i] = x[i].startTime;
    sorted_view.assign(x.begin(), x.end());
    std::sort(sorted_view.begin(), sorted_view.end(), rec_less);
    o.add("startTime", harness::I32, start_view.data(), start_view.size());
    o.add("results_sorted", harness::I32, sorted_view.data(), 3 * sorted_view.size());
  }
  void inputs(harness::Outputs& o) const {
    // n x 3 int32 words {startTime, duration, bits of value}, like the output
    o.add("results", harness::I32, x0.data(), 3 * n);
  }
  size_t bytes() const { return 2 * n * sizeof(Result) + sizeof(*this); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
