#include <cstddef>
#include <vector>

// Serial reference: a single streaming pass with the running sum kept in a register.
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  const size_t n = x.size();
  output.resize(n);
  const double* in = x.data();
  double* out = output.data();
  double s = 0.0;
  for (size_t i = 0; i < n; ++i) {
    s += in[i];
    out[i] = s;
  }
}
