// WRONG (only for some sizes): a hand-unrolled loop of 8 pairs per step that forgets the
// remainder, so the last n % 8 pairs are ignored.
#include <algorithm>
#include <cstddef>
#include <vector>
double sumOfMinimumElements(std::vector<double> const& x, std::vector<double> const& y) {
  double acc[8] = {};
  for (size_t i = 0; i + 8 <= x.size(); i += 8)
    for (int l = 0; l < 8; ++l) acc[l] += std::min(x[i + l], y[i + l]);
  double s = 0;
  for (int l = 0; l < 8; ++l) s += acc[l];
  return s;
}
