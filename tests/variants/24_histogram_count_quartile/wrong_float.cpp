// WRONG (only on some inputs): computes the fractional part in float; values just below
// a bin edge (and any fraction of a large value) are rounded into another bin.
#include <array>
#include <cstddef>
#include <vector>
void countQuartiles(std::vector<double> const& x, std::array<size_t, 4>& bins) {
  for (double v : x) {
    const float fv = float(v);
    const float f = fv - float(int(fv));
    int b = int(f * 4.0f);
    if (b > 3) b = 3;
    bins[b]++;
  }
}
