#include <algorithm>
#include <cstddef>
#include <vector>

/* For each value in the vector x compute its index in the sorted (ascending) vector and
   store the result in ranks_ (already sized to x.size()). The values of x are distinct.
   Example: input [3.1, 2.8, 9.1, 0.4, 3.14] -> output [2, 1, 4, 0, 3]
*/
void ranks(std::vector<float> const& x, std::vector<size_t>& ranks_) {
  std::vector<float> sorted(x);
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < x.size(); ++i)
    ranks_[i] = size_t(std::lower_bound(sorted.begin(), sorted.end(), x[i]) - sorted.begin());
}
