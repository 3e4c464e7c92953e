#include <cstddef>
#include <vector>

/* Return the product of the elements of x with every odd-indexed element inverted:
   x[0] * 1/x[1] * x[2] * 1/x[3] * x[4] * ...   (an empty x gives 1).
   Example:
   input: [4, 2, 10, 4, 5]
   output: 25
*/
double productWithInverses(std::vector<double> const& x) {
  double result = 1.0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (i % 2 == 0) {
      result *= x[i];
    } else {
      result *= 1.0 / x[i];
    }
  }
  return result;
}
