// WRONG (data race): a sliding window (left, centre) is carried from one iteration to the
// next across a parallel loop; the window variables are shared and every thread but the
// first starts its block with a window that belongs elsewhere. Correct with one thread.
#include <vector>
void jacobi1D(std::vector<double> const& input, std::vector<double>& output) {
  const long n = long(input.size());
  if (n == 0) return;
  double left = 0.0, centre = input[0];
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    const double right = i + 1 < n ? input[i + 1] : 0.0;
    output[i] = (left + centre + right) / 3.0;
    left = centre;
    centre = right;
  }
}
