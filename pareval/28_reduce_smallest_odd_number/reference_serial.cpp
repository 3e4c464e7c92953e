#include <climits>
#include <cstddef>
#include <vector>

// Serial reference: the baseline's two data-dependent branches per element keep it
// scalar (and mispredict when odd and even values are mixed). Branch-free instead: an
// even value is replaced by INT_MAX with bit masks (x & 1 tests oddness for negative
// values too, in two's complement; a ?: select here stops g++ 12 from vectorizing) and
// a plain min reduction follows, which vectorizes over 16 lanes.
int smallestOdd(std::vector<int> const& x) {
  const size_t n = x.size();
  const int* p = x.data();
  int m = INT_MAX;
  for (size_t i = 0; i < n; ++i) {
    const int v = p[i];
    const int even = (v & 1) - 1;  // 0 for odd v, all ones for even v
    const int w = (v & ~even) | (INT_MAX & even);
    m = w < m ? w : m;
  }
  return m;
}
