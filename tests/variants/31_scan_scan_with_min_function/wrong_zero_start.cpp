// WRONG (initial value): starts the running minimum at 0 instead of x[0], so every
// element of a prefix that stays positive is replaced by 0.
#include <algorithm>
#include <vector>
void partialMinimums(std::vector<float>& x) {
  float run = 0.0f;
  for (size_t i = 0; i < x.size(); ++i) {
    run = std::min(run, x[i]);
    x[i] = run;
  }
}
