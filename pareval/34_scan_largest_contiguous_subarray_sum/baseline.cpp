#include <climits>
#include <cstddef>
#include <vector>

/* Return the largest sum of any contiguous subarray of the vector x. The subarray must
   contain at least one element (so if every value is negative, the answer is the
   largest value). x is not empty.
   Example: input [-2, 1, -3, 4, -1, 2, 1, -5, 4] -> output 6 (the subarray [4, -1, 2, 1])
*/
int maximumSubarray(std::vector<int> const& x) {
  int largestSum = INT_MIN;
  for (size_t i = 0; i < x.size(); ++i) {
    int currentSum = 0;
    for (size_t j = i; j < x.size(); ++j) {
      currentSum += x[j];
      if (currentSum > largestSum) {
        largestSum = currentSum;
      }
    }
  }
  return largestSum;
}
