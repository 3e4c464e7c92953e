// WRONG (off by one): computes an exclusive scan (output[i] = x[0] + ... + x[i-1]).
#include <vector>
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  double s = 0.0;
  for (size_t i = 0; i < x.size(); ++i) {
    output[i] = s;
    s += x[i];
  }
}
