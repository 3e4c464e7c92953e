// WRONG (precision, large sizes only): accumulates in float. Exact enough for small
// inputs, but the float running sums lose the low bits once they grow past ~1e4.
#include <vector>
double sumOfPrefixSum(std::vector<double> const& x) {
  float running = 0.0f, total = 0.0f;
  for (size_t i = 0; i < x.size(); ++i) {
    running += float(x[i]);
    total += running;
  }
  return total;
}
