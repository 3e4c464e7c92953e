// WRONG (missing reduction): the threads update one shared result without a reduction
// clause; each thread's partial parity overwrites the others'.
#include <cstddef>
#include <vector>
bool reduceLogicalXOR(std::vector<bool> const& x) {
  bool r = false;
  const long n = long(x.size());
#pragma omp parallel for
  for (long i = 0; i < n; ++i) r = r != x[i];
  return r;
}
