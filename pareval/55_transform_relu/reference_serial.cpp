#include <cstddef>
#include <vector>

// Serial reference: a branch-free select with an unconditional store (vectorized
// compare + blend, full-width stores), one streaming pass over x. The baseline already
// runs close to memory speed (the compiler turns its conditional store into masked
// vector stores), so this is the ceiling rather than a big gain.
void relu(std::vector<double>& x) {
  const size_t n = x.size();
  double* p = x.data();
  for (size_t i = 0; i < n; ++i) p[i] = p[i] < 0.0 ? 0.0 : p[i];
}
