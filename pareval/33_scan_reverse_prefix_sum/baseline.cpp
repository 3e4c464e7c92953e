#include <numeric>
#include <vector>

/* Compute the reverse prefix sum of the vector x into output: output[i] is the sum of
   the last i+1 elements of x, x[n-1] + x[n-2] + ... + x[n-1-i] (the inclusive prefix
   sum of x read from back to front). output arrives already sized to x.size().
   Example: input [1, 7, 4, 6, 6, 2] -> output [2, 8, 14, 18, 25, 26]
*/
void reversePrefixSum(std::vector<int> const& x, std::vector<int>& output) {
  std::inclusive_scan(x.rbegin(), x.rend(), output.begin());
}
