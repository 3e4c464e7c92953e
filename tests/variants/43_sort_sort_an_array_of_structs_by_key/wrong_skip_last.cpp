// WRONG (off by one): sorts results[0 .. n-2] and leaves the last record where it was.
#include <algorithm>
#include <vector>
struct Result {
  int startTime, duration;
  float value;
};
void sortByStartTime(std::vector<Result>& results) {
  if (results.size() < 2) return;
  std::sort(results.begin(), results.end() - 1,
            [](Result const& a, Result const& b) { return a.startTime < b.startTime; });
}
