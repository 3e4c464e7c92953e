// WRONG (only on some inputs): std::accumulate with the int literal 0 as the initial
// value accumulates in int, truncating every partial sum; right only for integer data.
#include <numeric>
#include <vector>
double average(std::vector<double> const& x) {
  return double(std::accumulate(x.begin(), x.end(), 0)) / double(x.size());
}
