#include <algorithm>
#include <vector>

/* Sort the vector x in ascending order ignoring elements with value 0: the non-zero
   values are sorted among themselves and every zero stays at its position.
   Example: input [8, 4, 0, 9, 8, 0, 1, -1, 7] -> output [-1, 1, 0, 4, 7, 0, 8, 8, 9]
*/
void sortIgnoreZero(std::vector<int>& x) {
  std::vector<int> nonzero;
  for (int v : x)
    if (v != 0) nonzero.push_back(v);
  std::sort(nonzero.begin(), nonzero.end());
  size_t k = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] != 0) x[i] = nonzero[k++];
}
