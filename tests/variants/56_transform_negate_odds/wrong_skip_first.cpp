// WRONG (off by one): the loop starts at index 1, so the first element is left as is.
#include <cstddef>
#include <vector>
void negateOddsAndHalveEvens(std::vector<int>& x) {
  for (size_t i = 1; i < x.size(); ++i) {
    if (x[i] % 2 != 0) x[i] = -x[i];
    else x[i] /= 2;
  }
}
