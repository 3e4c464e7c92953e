// WRONG (off by one at the bin edges): tests frac <= 0.25, <= 0.5, <= 0.75, so values
// whose fractional part is exactly on an edge land in the bin below.
#include <array>
#include <cstddef>
#include <vector>
void countQuartiles(std::vector<double> const& x, std::array<size_t, 4>& bins) {
  for (double v : x) {
    const double f = v - (int)v;
    if (f <= 0.25) bins[0]++;
    else if (f <= 0.5) bins[1]++;
    else if (f <= 0.75) bins[2]++;
    else bins[3]++;
  }
}
