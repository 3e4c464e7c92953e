#include <array>
#include <cstddef>
#include <vector>

/* Count the values of x whose fractional part (x - (int)x) lies in [0, 0.25),
   [0.25, 0.5), [0.5, 0.75) and [0.75, 1), and add the counts to bins in that order.
   Every value of x is non-negative and below 2^31. bins arrives zeroed.
   Example: input [7.8, 4.2, 9.1, 7.6, 0.27, 1.5, 3.8] -> output [2, 1, 2, 2]
*/
void countQuartiles(std::vector<double> const& x, std::array<size_t, 4>& bins) {
  for (size_t i = 0; i < x.size(); ++i) {
    double frac = x[i] - (int)x[i];
    if (frac < 0.25) {
      bins[0]++;
    } else if (frac < 0.5) {
      bins[1]++;
    } else if (frac < 0.75) {
      bins[2]++;
    } else {
      bins[3]++;
    }
  }
}
