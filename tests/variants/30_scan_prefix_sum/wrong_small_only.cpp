// WRONG (right only for small sizes): stops accumulating after 100000 elements.
#include <vector>
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  double s = 0.0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (i < 100000) s += x[i];
    output[i] = s;
  }
}
