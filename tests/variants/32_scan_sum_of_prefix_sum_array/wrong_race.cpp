// WRONG (missing offset): each thread sums the prefix sums of its own block but starts
// its running sum at 0 instead of the total of the blocks before it.
#include <vector>
double sumOfPrefixSum(std::vector<double> const& x) {
  double total = 0.0, running = 0.0;
  const long n = long(x.size());
#pragma omp parallel for firstprivate(running) reduction(+ : total) schedule(static)
  for (long i = 0; i < n; ++i) {
    running += x[i];
    total += running;
  }
  return total;
}
