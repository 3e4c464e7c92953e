// WRONG (off by one): indexes from 1, so the elements that get inverted are the
// even-indexed ones (x[0] is inverted, x[1] is multiplied).
#include <vector>
double productWithInverses(std::vector<double> const& x) {
  double result = 1.0;
  for (size_t i = 1; i <= x.size(); ++i) {
    if (i % 2 == 0) result *= x[i - 1];
    else result /= x[i - 1];
  }
  return result;
}
