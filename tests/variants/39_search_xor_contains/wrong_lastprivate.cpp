// WRONG (missing reduction): the two membership flags are private per thread and only
// the last thread's flags are kept (lastprivate), so hits in other ranges are lost.
#include <vector>
bool xorContains(std::vector<int> const& x, std::vector<int> const& y, int val) {
  bool inX = false, inY = false;
  const long nx = long(x.size()), ny = long(y.size());
#pragma omp parallel for schedule(static) firstprivate(inX) lastprivate(inX)
  for (long i = 0; i < nx; ++i)
    if (x[i] == val) inX = true;
#pragma omp parallel for schedule(static) firstprivate(inY) lastprivate(inY)
  for (long i = 0; i < ny; ++i)
    if (y[i] == val) inY = true;
  return inX != inY;
}
