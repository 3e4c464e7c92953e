// WRONG (off by one at the bin edges): uses ceil(x / 10) - 1, so a value exactly on an
// edge (10, 20, ...) lands in the bin below it (and 0 is clamped into bin 0).
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>
void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
  for (double v : x) {
    int b = int(std::ceil(v / 10)) - 1;
    if (b < 0) b = 0;
    bins[b]++;
  }
}
