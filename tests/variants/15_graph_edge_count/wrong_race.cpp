// WRONG (data race): the rows are split across threads that all increment one shared
// counter without a reduction or atomics, so increments are lost when threads collide.
#include <vector>
int edgeCount(std::vector<int> const& A, size_t N) {
  int count = 0;
  const long n = long(N);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i)
    for (size_t j = 0; j < N; ++j)
      if (A[size_t(i) * N + j] == 1) {
        int c = count;  // read-modify-write with a window for other threads
        __asm__ volatile("" ::: "memory");
        count = c + 1;
      }
  return count;
}
