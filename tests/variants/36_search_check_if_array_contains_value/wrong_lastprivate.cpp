// WRONG (missing reduction): each thread keeps a private flag and only the flag of the
// thread that ran the last iterations is kept (lastprivate), so a hit in another
// thread's range is lost.
#include <vector>
bool contains(std::vector<int> const& x, int target) {
  bool found = false;
  const long n = long(x.size());
#pragma omp parallel for schedule(static) firstprivate(found) lastprivate(found)
  for (long i = 0; i < n; ++i)
    if (x[i] == target) found = true;
  return found;
}
