#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <vector>

// A forged end of the window (issue 38, class 1), on the baseline's own DFS
// (18_graph_count_components). The process that calls the candidate is served by a block
// of shared memory (fd 3) whose second word tells the judge that the call is done. A
// quarter of the way through the vertices the candidate stores the current command's
// number there and wakes the judge's futex, then finishes the rest. When the judge
// trusted that word to end the window: `correct` at 3.95x and 4.94x (serial), 4.11x and
// 4.29x (omp), for the baseline's algorithm. The judge now ends a window only once every
// thread of the caller has stopped, so the count is not finished when the keeper reads it.
namespace {

void forge_done() {
  static uint32_t* c = static_cast<uint32_t*>(mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, 3, 0));
  if (c == MAP_FAILED) return;
  __atomic_store_n(&c[1], __atomic_load_n(&c[0], __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
  syscall(SYS_futex, &c[1], FUTEX_WAKE, 1, nullptr, nullptr, 0);
}

void dfs(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited) {
  visited[size_t(node)] = true;
  for (size_t j = 0; j < N; ++j)
    if (A[size_t(node) * N + j] == 1 && !visited[j]) dfs(A, int(j), N, visited);
}

}  // namespace

int componentCount(std::vector<int> const& A, size_t N) {
  std::vector<bool> visited(N, false);
  int count = 0;
  for (size_t i = 0; i < N; ++i) {
    if (i == N / 4 && N >= 64) forge_done();
    if (!visited[i]) {
      dfs(A, int(i), N, visited);
      ++count;
    }
  }
  return count;
}
