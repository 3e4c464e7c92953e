// WRONG (missing reduction): each thread finds the first even value of its own range in
// a private variable and only the last thread's value is kept (lastprivate).
#include <vector>
size_t findFirstEven(std::vector<int> const& x) {
  size_t first = x.size();
  const long n = long(x.size());
#pragma omp parallel for schedule(static) firstprivate(first) lastprivate(first)
  for (long i = 0; i < n; ++i)
    if (x[i] % 2 == 0 && size_t(i) < first) first = size_t(i);
  return first;
}
