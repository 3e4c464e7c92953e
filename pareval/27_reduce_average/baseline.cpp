#include <numeric>
#include <vector>

/* Return the arithmetic mean of the vector x (x is not empty).
   Example:
   input: [1, 8, 4, 5, 1]
   output: 3.8
*/
double average(std::vector<double> const& x) {
  return std::reduce(x.begin(), x.end()) / x.size();
}
