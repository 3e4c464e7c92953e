// WRONG (data race): the threads update the shared best distance and index without
// synchronization or a reduction, so one thread's result overwrites a better one.
#include <cmath>
#include <vector>
size_t findClosestToPi(std::vector<double> const& x) {
  size_t best = 0;
  double bestDistance = 1e300;
#pragma omp parallel for
  for (size_t i = 0; i < x.size(); ++i) {
    double d = std::fabs(x[i] - M_PI);
    if (d < bestDistance) { bestDistance = d; best = i; }
  }
  return best;
}
