#include <harness/driver.hpp>
#include "args.hpp"

// 06_fft_dft: x uniform in [-1, 1) plus a seed-dependent mix of a few pure tones (so some
// outputs are large peaks and most are O(sqrt(N)) noise). Sizes include primes and
// non-powers of two, so a radix-2-only FFT fails validation.
struct Instance {
  size_t n;
  std::vector<double> x, x0;
  std::vector<std::complex<double>> output;
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), x(size), x0(size), output(size) {
    a = {&x, &output};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    // Three tones at seed-dependent frequencies and amplitudes.
    double freq[3], amp[3], phase[3];
    for (int t = 0; t < 3; ++t) {
      freq[t] = n ? double(s1.integer(t, 0, int64_t(n) - 1)) : 0.0;
      amp[t] = s2.uniform(t, -2.0, 2.0);
      phase[t] = s3.uniform(t, 0.0, 6.283185307179586);
    }
    const double N = double(n);
#pragma omp parallel for schedule(static) if (n > 100000)
    for (size_t i = 0; i < n; ++i) {
      double v = s0.uniform(i, -1.0, 1.0);
      for (int t = 0; t < 3; ++t) {
        const uint64_t m = uint64_t(freq[t]) * i % (n ? n : 1);  // exact phase index
        v += amp[t] * std::cos(6.283185307179586 * double(m) / N + phase[t]);
      }
      x[i] = x0[i] = v;
    }
  }
  void reset(bool poison) {
    harness::reset_output(output, n, poison, std::complex<double>(harness::kPoison, harness::kPoison));
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("x", x, x0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("output", e.output, output, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const {
    o.add("output", harness::C128, output.data(), output.size());
  }
  void inputs(harness::Outputs& o) const { o.add("x", harness::F64, x0.data(), x0.size()); }
  size_t bytes() const { return 2 * n * sizeof(double) + n * sizeof(std::complex<double>); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
