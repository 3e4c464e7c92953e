// WRONG (only on some inputs): converts to float for speed; values just below an edge
// (e.g. 9.999999999999998) round up to the edge and land in the next bin (and the
// largest double below 100 becomes bin 10, which is clamped to 9 here).
#include <array>
#include <cstddef>
#include <vector>
void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
  for (double v : x) {
    int b = int(float(v) / 10.0f);
    if (b > 9) b = 9;
    bins[b]++;
  }
}
