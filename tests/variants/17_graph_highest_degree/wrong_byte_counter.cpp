// WRONG (only for large degrees): counts each row in an 8-bit counter (to fit more
// lanes in a vector register), which wraps around at 256 neighbours.
#include <algorithm>
#include <cstdint>
#include <vector>
int maxDegree(std::vector<int> const& A, size_t N) {
  int highest = 0;
  for (size_t i = 0; i < N; ++i) {
    uint8_t degree = 0;
    for (size_t j = 0; j < N; ++j) degree += uint8_t(A[i * N + j]);
    highest = std::max(highest, int(degree));
  }
  return highest;
}
