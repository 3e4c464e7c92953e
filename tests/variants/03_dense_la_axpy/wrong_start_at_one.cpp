// WRONG (off by one): the loop starts at index 1, so z[0] is never written.
#include <vector>
void axpy(double alpha, std::vector<double> const& x, std::vector<double> const& y, std::vector<double>& z) {
  for (size_t i = 1; i < x.size(); ++i) z[i] = alpha * x[i] + y[i];
}
