#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

// Serial reference. The baseline's chain of data-dependent branches mispredicts on
// random fractions. Branch-free counting instead: c_k = #{frac >= k/4} for k = 1, 2, 3
// (vectorized truncation, subtraction and compare-and-add; frac = x - (int)x is exact),
// then bins = [n - c1, c1 - c2, c2 - c3, c3].
void countQuartiles(std::vector<double> const& x, std::array<size_t, 4>& bins) {
  const size_t n = x.size();
  const double* p = x.data();
  uint64_t c1 = 0, c2 = 0, c3 = 0;
  for (size_t i = 0; i < n; ++i) {
    const double f = p[i] - double(int(p[i]));
    c1 += f >= 0.25;
    c2 += f >= 0.5;
    c3 += f >= 0.75;
  }
  bins[0] += n - c1;
  bins[1] += c1 - c2;
  bins[2] += c2 - c3;
  bins[3] += c3;
}
