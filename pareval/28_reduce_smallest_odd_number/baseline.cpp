#include <climits>
#include <cstddef>
#include <vector>

/* Return the value of the smallest odd number in the vector x (odd numbers may be
   negative). If x contains no odd number, return INT_MAX.
   Examples:
   input: [7, 9, 5, 2, 8, 16, 4, 1]
   output: 1
   input: [8, 36, 7, 2, 11, -3]
   output: -3
*/
int smallestOdd(std::vector<int> const& x) {
  int result = INT_MAX;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] % 2 != 0 && x[i] < result) {
      result = x[i];
    }
  }
  return result;
}
