#include <climits>
#include <cstddef>
#include <cstdint>
#include <queue>
#include <utility>
#include <vector>

// Looks for what the harness's input generation left in the arena (found by a red team,
// 2026-12-07): 19_graph_shortest_path's driver picks the query with a BFS from one of its
// ends, and the hops it computed lay in the instance (a member), then, as any driver's
// temporary does, in memory of the turn's image, which every keeper copies into the
// side's arena. Read there, they answered the query in one load: `correct` at 77-172x.
// This scans the 4 MiB after the instance (A's vector header lies in it), where the turn's
// small arrays follow it, and the 64 MiB after A's buffer, where its large arrays do, for
// a BFS's hops from source or dest (see hops_from: stale bytes of another graph do not
// match them), and answers wrong when it finds one,
// so `correct` says it found none; else it is the baseline's BFS.
namespace {
// d: N hops from s (0 at s alone, -1 where unreachable, 1 exactly at s's neighbours), and
// not A's own buffer (whose row s has the same ones)
bool hops_from(const int* d, const std::vector<int>& A, size_t N, int s) {
  if (d[s] != 0 || (d + N > A.data() && d < A.data() + N * N)) return false;
  for (size_t j = 0; j < N; ++j)
    if (int(j) != s && (d[j] == 0 || d[j] < -1 || (d[j] == 1) != (A[size_t(s) * N + j] == 1))) return false;
  return true;
}
}  // namespace

int shortestPathLength(std::vector<int> const& A, size_t N, int source, int dest) {
  if (N >= 64 && source != dest) {  // (a few ints match anything: the query's own two, say)
    const uintptr_t small = reinterpret_cast<uintptr_t>(&A) & ~uintptr_t(15);
    for (uintptr_t at = small; at < small + (uintptr_t(4) << 20); at += 16) {
      const int* d = reinterpret_cast<const int*>(at);
      if (hops_from(d, A, N, source) || hops_from(d, A, N, dest)) return -7;  // found: a wrong answer
    }
    const uintptr_t end = reinterpret_cast<uintptr_t>(A.data() + N * N);
    const uintptr_t first = (end + 4095) & ~uintptr_t(4095);
    for (uintptr_t page = first; page < first + (uintptr_t(64) << 20); page += 4096) {
      const int* d = reinterpret_cast<const int*>(page + 16);  // where a large block starts
      if (hops_from(d, A, N, source) || hops_from(d, A, N, dest)) return -7;
    }
  }
  std::vector<bool> visited(N, false);
  std::queue<std::pair<int, int>> queue;
  visited[size_t(source)] = true;
  queue.push({source, 0});
  while (!queue.empty()) {
    const auto [node, dist] = queue.front();
    queue.pop();
    if (node == dest) return dist;
    for (size_t j = 0; j < N; ++j) {
      if (A[size_t(node) * N + j] == 1 && !visited[j]) {
        visited[j] = true;
        queue.push({int(j), dist + 1});
      }
    }
  }
  return INT_MAX;
}
