// WRONG (only right when x.size() is even): processes elements in (x[2k], x[2k+1]) pairs
// and forgets the unpaired last element of an odd-length x.
#include <vector>
double productWithInverses(std::vector<double> const& x) {
  const long pairs = long(x.size() / 2);
  double result = 1.0;
#pragma omp parallel for reduction(* : result)
  for (long k = 0; k < pairs; ++k) result *= x[2 * k] / x[2 * k + 1];
  return result;
}
