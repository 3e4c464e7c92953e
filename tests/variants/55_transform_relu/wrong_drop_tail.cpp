// WRONG (only for some sizes): a hand-vectorized loop of 8 elements per step that
// forgets the remainder, so the last n % 8 elements are left as they were.
#include <cstddef>
#include <vector>
void relu(std::vector<double>& x) {
  for (size_t i = 0; i + 8 <= x.size(); i += 8)
    for (size_t l = 0; l < 8; ++l) x[i + l] = x[i + l] < 0 ? 0.0 : x[i + l];
}
