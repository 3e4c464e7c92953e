#include <cstddef>
#include <vector>

/* Compute the ReLU function on every element of x in place: values less than zero
   become zero, the other values are unchanged.
   Example:
   input: [-1.8, 24.0, 1.2, 0.0, -5.1, -0.2, 4.5]
   output: [0, 24.0, 1.2, 0, 0, 0, 4.5]
*/
void relu(std::vector<double>& x) {
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] < 0) {
      x[i] = 0;
    }
  }
}
