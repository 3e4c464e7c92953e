#include <omp.h>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

struct Book {
  std::string title;
  int pages;
};

// OpenMP reference: the books are cut into chunks of 16384 that the threads take in
// descending order (an atomic counter). Each thread scans its chunk backwards; a hit
// raises the shared best index (atomic max). A thread stops taking chunks once the next
// one lies entirely below the best index found: every chunk above a hit was taken
// earlier and is finished by its thread, so the largest hit is the answer, for any
// thread count. No hit anywhere: books.size().
namespace {
constexpr size_t kChunk = 16384;

long last_short_in(const Book* b, size_t lo, size_t hi) {  // -1 if none in [lo, hi)
  size_t i = hi;
  while (i >= lo + 8) {
    const Book* g = b + (i - 8);
    const bool hit = (g[0].pages < 100) | (g[1].pages < 100) | (g[2].pages < 100) |
                     (g[3].pages < 100) | (g[4].pages < 100) | (g[5].pages < 100) |
                     (g[6].pages < 100) | (g[7].pages < 100);
    if (hit) {
      for (size_t k = 8; k > 0; --k)
        if (g[k - 1].pages < 100) return long(i - 8 + (k - 1));
    }
    i -= 8;
  }
  for (; i > lo; --i)
    if (b[i - 1].pages < 100) return long(i - 1);
  return -1;
}
}  // namespace

size_t findLastShortBook(std::vector<Book> const& books) {
  const size_t n = books.size();
  const Book* b = books.data();
  if (n <= 2 * kChunk) {
    const long r = last_short_in(b, 0, n);
    return r < 0 ? n : size_t(r);
  }
  const long chunks = long((n + kChunk - 1) / kChunk);
  std::atomic<long> next(chunks - 1);
  std::atomic<long> best(-1);
#pragma omp parallel
  {
    for (;;) {
      const long c = next.fetch_sub(1, std::memory_order_relaxed);
      if (c < 0) break;
      const size_t lo = size_t(c) * kChunk, hi = std::min(n, lo + kChunk);
      if (best.load(std::memory_order_relaxed) >= long(hi)) break;  // all later chunks are lower
      const long r = last_short_in(b, lo, hi);
      if (r >= 0) {
        long cur = best.load(std::memory_order_relaxed);
        while (r > cur && !best.compare_exchange_weak(cur, r, std::memory_order_relaxed)) {
        }
        break;  // every chunk this thread could take next is lower
      }
    }
  }
  const long r = best.load();
  return r < 0 ? n : size_t(r);
}
