#include <harness/driver.hpp>
#include "args.hpp"

// 40_sort_sort_an_array_of_complex_numbers_by_magnitude.
// Half of the elements are drawn independently; the other half are variants of a small
// pool of base values b: one of (+-re, +-im) or (+-im, +-re) of b, so many distinct
// elements have exactly the same magnitude and some elements are exact duplicates. A
// few are (+-0, +-0). Per seed, the values are either uniform in [-1, 1)^2 or have a
// log-uniform magnitude in [1e-6, 1e6) and a uniform angle. No NaN, inf or denormals.
//
// Comparison (tie-aware, accepts every correct sort): |got[i]| must match |expected[i]|
// within rtol/atol at every position (the key sequence), and the elements must be a
// permutation of the expected ones. For the latter, positions are grouped into runs of
// expected magnitudes that are mutually within tolerance (tie groups); a correct sort
// can only reorder elements inside a group, so the groups are compared as multisets of
// bit patterns.
namespace {
using cx = std::complex<double>;

cx draw(const harness::Stream& s, uint64_t i, bool wide) {
  const double u = s.unit(2 * i);
  const double v = s.unit(2 * i + 1);
  if (!wide) return {2.0 * u - 1.0, 2.0 * v - 1.0};
  const double r = std::exp(std::log(1e-6) + u * (std::log(1e6) - std::log(1e-6)));
  const double t = 2.0 * M_PI * v;
  return {r * std::cos(t), r * std::sin(t)};
}

uint64_t bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}
bool bit_less(const cx& p, const cx& q) {
  const uint64_t pr = bits(p.real()), qr = bits(q.real());
  return pr != qr ? pr < qr : bits(p.imag()) < bits(q.imag());
}
bool bit_equal(const cx& p, const cx& q) {
  return bits(p.real()) == bits(q.real()) && bits(p.imag()) == bits(q.imag());
}
}  // namespace

struct Instance {
  size_t n;
  std::vector<cx> x, x0;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size) { a = {&x}; }

  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    const harness::Stream s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const bool wide = s0.unit(0) < 0.3;
    const int64_t pool = int64_t(n / 8) + 1;
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) {
      const uint64_t r = s1.u64(i);
      cx z;
      if ((r & 1023) == 0) {  // a signed zero
        z = {(r & 1024) ? -0.0 : 0.0, (r & 2048) ? -0.0 : 0.0};
      } else if (r & 4096) {  // independent
        z = draw(s2, i, wide);
      } else {  // a variant of a pool value: same magnitude
        const cx b = draw(s3, (r >> 16) % uint64_t(pool), wide);
        double re = (r & 8192) ? b.imag() : b.real();
        double im = (r & 8192) ? b.real() : b.imag();
        if (r & 16384) re = -re;
        if (r & 32768) im = -im;
        z = {re, im};
      }
      x[i] = x0[i] = z;
    }
  }
  void reset(bool) {
    if (x.size() != n) x.resize(n);
    std::copy(x0.begin(), x0.end(), x.begin());
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // x is the in/out argument
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    if (harness::size_mismatch("x", e.x.size(), x.size(), why)) return false;
    const size_t m = e.x.size();
    std::vector<double> mag(m);
    for (size_t i = 0; i < m; ++i) {
      mag[i] = std::abs(e.x[i]);
      const double g = std::abs(x[i]);
      if (!harness::close(mag[i], g, rtol, atol)) {
        if (why)
          *why = "|x[" + std::to_string(i) + "]| (of " + std::to_string(m) + "): expected " +
                 harness::fmt(mag[i]) + " (" + harness::fmt(e.x[i]) + "), got " +
                 harness::fmt(g) + " (" + harness::fmt(x[i]) + ")";
        return false;
      }
    }
    std::vector<cx> ge, gg;
    for (size_t lo = 0; lo < m;) {
      size_t hi = lo + 1;
      while (hi < m && mag[hi] - mag[hi - 1] <= 2.0 * (atol + rtol * mag[hi])) ++hi;
      if (hi == lo + 1) {
        if (!bit_equal(e.x[lo], x[lo])) return harness::report("x", lo, m, e.x[lo], x[lo], why);
      } else {
        ge.assign(e.x.begin() + lo, e.x.begin() + hi);
        gg.assign(x.begin() + lo, x.begin() + hi);
        std::sort(ge.begin(), ge.end(), bit_less);
        std::sort(gg.begin(), gg.end(), bit_less);
        for (size_t k = 0; k < ge.size(); ++k)
          if (!bit_equal(ge[k], gg[k])) {
            if (why)
              *why = "x[" + std::to_string(lo) + ".." + std::to_string(hi - 1) + "] (of " +
                     std::to_string(m) + ", magnitude " + harness::fmt(mag[lo]) +
                     "): not a permutation of the expected elements (first difference in bit "
                     "order: expected " + harness::fmt(ge[k]) + ", got " + harness::fmt(gg[k]) + ")";
            return false;
          }
      }
      lo = hi;
    }
    return true;
  }
  // x only: the other two views are derived from it (and recomputed by outputs())
  bool adopt(const harness::Views& v, std::string* why) {
    return v.names_are({"x"}, why, {"x_magnitudes", "x_sorted_bits"}) &&
           v.copy("x", harness::C128, x, why);
  }
  // Besides x, views for tests/oracles: the order of equal-magnitude elements is not
  // defined, so the oracle checks what matches() fixes: the magnitude sequence and the
  // multiset of elements (sorted by bit pattern); in buffers outside the instance
  // (driver.hpp output_buffer).
  void outputs(harness::Outputs& o) const {
    o.add("x", harness::C128, x.data(), x.size());
    std::vector<double>& mag_view = harness::output_buffer<double>(this, "x_magnitudes");
    std::vector<cx>& bits_view = harness::output_buffer<cx>(this, "x_sorted_bits");
    mag_view.resize(x.size());
    for (size_t i = 0; i < x.size(); ++i) mag_view[i] = std::abs(x[i]);
    bits_view.assign(x.begin(), x.end());
    std::sort(bits_view.begin(), bits_view.end(), bit_less);
    o.add("x_magnitudes", harness::F64, mag_view.data(), mag_view.size());
    o.add("x_sorted_bits", harness::C128, bits_view.data(), bits_view.size());
  }
  void inputs(harness::Outputs& o) const { o.add("x", harness::C128, x0.data(), n); }
  size_t bytes() const { return 2 * n * sizeof(cx) + sizeof(*this); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
