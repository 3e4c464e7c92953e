// WRONG (only on some inputs): squares in float; squares above 2^24 (|x| > 4096) are
// rounded to a multiple of a power of two.
#include <cstddef>
#include <vector>
void squareEach(std::vector<int>& x) {
  for (size_t i = 0; i < x.size(); ++i) {
    const float f = float(x[i]);
    x[i] = int(f * f);
  }
}
