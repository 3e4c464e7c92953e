// WRONG (off by one): divides by n - 1 (the sample-variance habit) instead of n.
#include <cstddef>
#include <vector>
double average(std::vector<double> const& x) {
  double s = 0;
  for (double v : x) s += v;
  return x.size() > 1 ? s / double(x.size() - 1) : s;
}
