#include <algorithm>
#include <cstddef>
#include <vector>

/* Replace the i-th element of the vector x with the minimum value of x[0] through x[i]
   (an inclusive scan with min), in place.
   Example: input [8, 6, -1, 7, 3, 4, 4] -> output [8, 6, -1, -1, -1, -1, -1]
*/
void partialMinimums(std::vector<float>& x) {
  for (size_t i = 1; i < x.size(); ++i) {
    x[i] = std::min(x[i], x[i - 1]);
  }
}
