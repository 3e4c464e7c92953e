// WRONG (off by one): the loop never looks at x[n-1].
#include <vector>
size_t findFirstEven(std::vector<int> const& x) {
  for (size_t i = 0; i + 1 < x.size(); ++i)
    if (x[i] % 2 == 0) return i;
  return x.size();
}
