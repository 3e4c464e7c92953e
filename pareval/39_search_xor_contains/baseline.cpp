#include <algorithm>
#include <vector>

/* Return true if `val` is in exactly one of the vectors x and y. Return false if it is
   in both or in neither.
   Example: input: x = [1, 8, 4, 3, 2], y = [3, 4, 4, 1, 1, 7], val = 7 -> output: true
            input: x = [1, 8, 4, 3, 2], y = [3, 4, 4, 1, 1, 7], val = 1 -> output: false
*/
bool xorContains(std::vector<int> const& x, std::vector<int> const& y, int val) {
  bool inX = std::find(x.begin(), x.end(), val) != x.end();
  bool inY = std::find(y.begin(), y.end(), val) != y.end();
  return inX != inY;
}
