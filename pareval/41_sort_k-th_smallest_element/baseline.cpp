#include <algorithm>
#include <vector>

/* Return the k-th smallest element of the vector x. k is 1-based: k = 1 gives the
   minimum, k = x.size() the maximum; 1 <= k <= x.size(). Equal values count separately.
   Example: input x = [1, 7, 6, 0, 2, 2, 10, 6], k = 4 -> output 6
*/
int findKthSmallest(std::vector<int> const& x, int k) {
  std::vector<int> sorted(x);
  std::sort(sorted.begin(), sorted.end());
  return sorted[k - 1];
}
