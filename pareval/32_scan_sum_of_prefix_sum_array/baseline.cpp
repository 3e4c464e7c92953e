#include <numeric>
#include <vector>

/* Compute the prefix sum array of the vector x and return the sum of its elements
   (the prefix sum array is the inclusive scan: element i is x[0] + ... + x[i]).
   An empty x gives 0.
   Example: input [-7, 2, 1, 9, 4, 8] -> prefix sums [-7, -5, -4, 5, 9, 17] -> output 15
*/
double sumOfPrefixSum(std::vector<double> const& x) {
  std::vector<double> prefixSum(x.size());
  std::inclusive_scan(x.begin(), x.end(), prefixSum.begin());
  return std::accumulate(prefixSum.begin(), prefixSum.end(), 0.0);
}
