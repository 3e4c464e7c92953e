#include <numeric>
#include <vector>

/* Compute the inclusive prefix sum of the vector x into output.
   output arrives already sized to x.size().
   Example: input [1, 7, 4, 6, 6, 2] -> output [1, 8, 12, 18, 24, 26]
*/
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  std::inclusive_scan(x.begin(), x.end(), output.begin());
}
