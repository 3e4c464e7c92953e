#include <cstddef>
#include <vector>

bool isPowerOfTwo(int x) {
  return (x > 0) && !(x & (x - 1));
}

/* Apply the isPowerOfTwo function to every value in x and store the results in mask:
   mask[i] = isPowerOfTwo(x[i]). mask arrives already sized to x.size().
   Example: input [8, 0, 9, 7, 15, 64, -4, 1] -> output [true, false, false, false, false, true, false, true]
*/
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
  for (size_t i = 0; i < x.size(); ++i) mask[i] = isPowerOfTwo(x[i]);
}
