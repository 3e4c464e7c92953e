// WRONG (only on some inputs): tests oddness with x % 2 == 1, which is false for negative
// odd values (remainder -1), so those are halved instead of negated.
#include <cstddef>
#include <vector>
void negateOddsAndHalveEvens(std::vector<int>& x) {
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] % 2 == 1) x[i] = -x[i];
    else x[i] /= 2;
  }
}
