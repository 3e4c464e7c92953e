// WRONG (missing scan): the write-back is a parallel loop whose position counter is
// privatized (firstprivate), so every thread starts again from the smallest value
// instead of from the number of non-zeros before its block. Correct with one thread.
#include <algorithm>
#include <vector>
void sortIgnoreZero(std::vector<int>& x) {
  std::vector<int> nz;
  for (int v : x)
    if (v != 0) nz.push_back(v);
  std::sort(nz.begin(), nz.end());
  size_t k = 0;
  const long n = long(x.size());
#pragma omp parallel for schedule(static) firstprivate(k)
  for (long i = 0; i < n; ++i)
    if (x[i] != 0) x[i] = nz[k++];
}
