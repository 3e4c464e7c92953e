#include <array>
#include <cstddef>
#include <vector>

/* Count the values of x in each of the ten intervals [0,10), [10,20), [20,30), ...,
   [90,100) and add the counts to bins (bins[k] for [10k, 10k+10)). Every value of x is
   in [0, 100). bins arrives zeroed.
   Example: input [7, 32, 95, 12, 39, 32, 11, 71, 70, 66]
         -> output [1, 2, 0, 3, 0, 0, 1, 2, 0, 1]
*/
void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
  for (size_t i = 0; i < x.size(); ++i) {
    size_t bin = size_t(x[i] / 10);
    bins[bin]++;
  }
}
