// WRONG (data race): elements are dealt to threads round-robin, but vector<bool> packs 64
// elements per word, so threads read-modify-write the same words concurrently and lose
// each other's bits.
#include <vector>
bool isPowerOfTwo(int x) {
  return (x > 0) && !(x & (x - 1));
}
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
  const long n = long(x.size());
#pragma omp parallel for schedule(static, 1)
  for (long i = 0; i < n; ++i) mask[i] = isPowerOfTwo(x[i]);
}
