// WRONG (only on some inputs): sorts a float copy to save bandwidth; float rounding merges
// values closer than ~1e-7 relative and changes the differences.
#include <algorithm>
#include <cmath>
#include <vector>
double distance(double x1, double x2) { return std::abs(x1 - x2); }
double closestPair(std::vector<double> const& x) {
  if (x.size() < 2) return 0;
  std::vector<float> s(x.begin(), x.end());
  std::sort(s.begin(), s.end());
  double best = double(s[1]) - double(s[0]);
  for (size_t i = 2; i < s.size(); ++i) best = std::min(best, double(s[i]) - double(s[i - 1]));
  return best;
}
