#include <cstddef>
#include <vector>

/* Return the logical XOR reduction of the vector of bools x: true when an odd number of
   its elements are true. An empty x gives false.
   Example: input [false, false, false, true] -> output true
*/
bool reduceLogicalXOR(std::vector<bool> const& x) {
  bool result = false;
  for (size_t i = 0; i < x.size(); ++i) {
    result = result != x[i];
  }
  return result;
}
