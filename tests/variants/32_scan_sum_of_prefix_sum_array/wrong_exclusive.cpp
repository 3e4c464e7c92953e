// WRONG (off by one): sums the exclusive prefix sums (x[0] + ... + x[i-1]), i.e. gives
// x[i] the weight n-1-i instead of n-i.
#include <vector>
double sumOfPrefixSum(std::vector<double> const& x) {
  double running = 0.0, total = 0.0;
  for (size_t i = 0; i < x.size(); ++i) {
    total += running;
    running += x[i];
  }
  return total;
}
