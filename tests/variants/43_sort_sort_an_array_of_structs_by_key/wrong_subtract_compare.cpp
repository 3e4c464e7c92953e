// WRONG (only on some inputs): compares start times by the sign of their difference,
// which overflows when the start times are far apart (e.g. of opposite signs near the int
// limits); right whenever all differences fit in an int.
#include <algorithm>
#include <vector>
struct Result {
  int startTime, duration;
  float value;
};
void sortByStartTime(std::vector<Result>& results) {
  std::sort(results.begin(), results.end(), [](Result const& a, Result const& b) {
    return int(unsigned(a.startTime) - unsigned(b.startTime)) < 0;
  });
}
