// WRONG (precision): computes in float for twice the SIMD width; the results are off
// by ~1e-7 relative (and by far more where x is close to 1).
#include <cstddef>
#include <vector>
void oneMinusInverse(std::vector<double>& x) {
  for (size_t i = 0; i < x.size(); ++i) x[i] = double(1.0f - 1.0f / float(x[i]));
}
