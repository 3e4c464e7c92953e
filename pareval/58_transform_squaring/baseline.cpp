#include <cstddef>
#include <vector>

/* Replace every element of x with its square, in place. Every square fits in an int.
   Example:
   input: [5, 1, 2, -4, 8]
   output: [25, 1, 4, 16, 64]
*/
void squareEach(std::vector<int>& x) {
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = x[i] * x[i];
  }
}
