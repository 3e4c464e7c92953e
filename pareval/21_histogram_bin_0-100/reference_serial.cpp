#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

// Serial reference. The baseline's increments of only ten counters in memory form
// dependent load-add-store chains, and the division is done one value at a time.
// Instead, count c[k] = #{x >= 10k} for k = 1..9 with vectorized compare-and-add over
// blocks that stay in L1 (9 compares per value, no scatter), then bins[k] = c[k] - c[k+1].
// For 0 <= x < 100, size_t(x / 10) >= k exactly when x >= 10k: the division is
// correctly rounded and monotone and 10k / 10 = k exactly, while x < 10k gives a quotient
// that rounds to below k, so this matches the baseline bit for bit.
void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
  constexpr size_t B = 2048;
  const size_t n = x.size();
  const double* p = x.data();
  uint64_t c[11] = {};
  for (size_t lo = 0; lo < n; lo += B) {
    const size_t hi = lo + B < n ? lo + B : n;
    for (int k = 1; k <= 9; ++k) {
      const double t = 10.0 * k;
      uint64_t s = 0;
      for (size_t i = lo; i < hi; ++i) s += p[i] >= t;
      c[k] += s;
    }
  }
  c[0] = n;
  for (int k = 0; k < 10; ++k) bins[k] += c[k] - c[k + 1];
}
