#include <harness/driver.hpp>
#include "args.hpp"

// 07_fft_fft_conjugate: N = the size rounded down to a power of two (0 stays 0). x is
// complex noise, both parts uniform in [-1, 1), plus three complex tones at
// seed-dependent frequencies, amplitudes and phases, so a few outputs are large peaks
// (~N) and the rest are O(sqrt(N)) noise: swapped or misplaced bins and wrong twiddle
// signs show up everywhere, not only near zero. Nearly every output has a nonzero
// imaginary part, so a missing conjugation, or ParEval's upstream bug of conjugating at
// every recursion level (right only for N <= 2), fails.
struct Instance {
  size_t n;
  std::vector<std::complex<double>> x, x0;
  HarnessArgs a;

  static size_t pow2_floor(uint64_t s) {
    size_t p = 1;
    if (s == 0) return 0;
    while (2 * p <= s) p *= 2;
    return p;
  }
  explicit Instance(uint64_t size) : n(pow2_floor(size)), x(n), x0(n) {
    a = {&x};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4);
    double freq[3], amp[3], phase[3];
    for (int t = 0; t < 3; ++t) {
      freq[t] = n ? double(s2.integer(t, 0, int64_t(n) - 1)) : 0.0;
      amp[t] = s3.uniform(t, 0.25, 2.0);
      phase[t] = s4.uniform(t, 0.0, 6.283185307179586);
    }
    const double N = double(n);
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) {
      double re = s0.uniform(i, -1.0, 1.0);
      double im = s1.uniform(i, -1.0, 1.0);
      for (int t = 0; t < 3; ++t) {
        const uint64_t m = uint64_t(freq[t]) * i % n;  // exact phase index
        const double ang = 6.283185307179586 * double(m) / N + phase[t];
        re += amp[t] * std::cos(ang);
        im += amp[t] * std::sin(ang);
      }
      x[i] = x0[i] = std::complex<double>(re, im);
    }
  }
  // x is both input and output: it is restored from its pristine copy (never poisoned).
  void reset(bool) {
    if (x.size() == x0.size())
      std::copy(x0.begin(), x0.end(), x.begin());
    else
      x = x0;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // no const inputs
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x", e.x, x, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::C128, x.data(), x.size()); }
  void inputs(harness::Outputs& o) const { o.add("x", harness::C128, x0.data(), x0.size()); }
  size_t bytes() const { return 2 * n * sizeof(std::complex<double>); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
