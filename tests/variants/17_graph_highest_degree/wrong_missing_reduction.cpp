// WRONG (missing reduction): each thread keeps a private maximum (firstprivate) and only
// the value of the thread that ran the last rows survives (lastprivate), so the answer
// is the maximum over that thread's rows only. Correct with one thread.
#include <algorithm>
#include <vector>
int maxDegree(std::vector<int> const& A, size_t N) {
  int highest = 0;
  const long n = long(N);
#pragma omp parallel for schedule(static) firstprivate(highest) lastprivate(highest)
  for (long i = 0; i < n; ++i) {
    int degree = 0;
    for (size_t j = 0; j < N; ++j) degree += A[size_t(i) * N + j];
    highest = std::max(highest, degree);
  }
  return highest;
}
