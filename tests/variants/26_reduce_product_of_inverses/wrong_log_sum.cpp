// WRONG (only right when every x is positive): turns the product into a sum of
// logarithms, which gives NaN as soon as one element is negative.
#include <cmath>
#include <vector>
double productWithInverses(std::vector<double> const& x) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (size_t i = 0; i < x.size(); ++i) s += (i % 2 == 0) ? std::log(x[i]) : -std::log(x[i]);
  return std::exp(s);
}
