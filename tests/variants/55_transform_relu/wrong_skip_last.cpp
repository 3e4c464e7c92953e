// WRONG (off by one): the loop stops one element early, so the last element is left as is.
#include <cstddef>
#include <vector>
void relu(std::vector<double>& x) {
  for (size_t i = 0; i + 1 < x.size(); ++i)
    if (x[i] < 0) x[i] = 0;
}
