// WRONG (only some sizes): processes the array in blocks of 8 and forgets the last
// n % 8 elements, which keep their original values.
#include <algorithm>
#include <vector>
void partialMinimums(std::vector<float>& x) {
  const size_t n = x.size();
  if (n == 0) return;
  float run = x[0];
  for (size_t i = 0; i + 8 <= n; i += 8)
    for (size_t k = 0; k < 8; ++k) {
      run = std::min(run, x[i + k]);
      x[i + k] = run;
    }
}
