// WRONG (missing reduction): level-synchronous BFS whose frontier rows are scanned in
// parallel; every thread collects the next level in a private copy (firstprivate), and
// only the copy of the thread that ran the last iterations survives (lastprivate), so
// vertices found by the other threads are marked visited but never expanded.
// Correct with one thread.
#include <climits>
#include <vector>
int shortestPathLength(std::vector<int> const& A, size_t N, int source, int dest) {
  if (source == dest) return 0;
  std::vector<char> visited(N, 0);
  visited[source] = 1;
  std::vector<int> frontier{source};
  for (int level = 1; !frontier.empty(); ++level) {
    std::vector<int> next;
    const long nf = long(frontier.size());
#pragma omp parallel for schedule(static) firstprivate(next) lastprivate(next)
    for (long k = 0; k < nf; ++k) {
      const int u = frontier[k];
      for (size_t j = 0; j < N; ++j)
        if (A[size_t(u) * N + j] == 1 && !visited[j]) {
          visited[j] = 1;
          next.push_back(int(j));
        }
    }
    for (int v : next)
      if (v == dest) return level;
    frontier.swap(next);
  }
  return INT_MAX;
}
