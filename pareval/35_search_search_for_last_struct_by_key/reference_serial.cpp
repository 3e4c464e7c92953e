#include <cstddef>
#include <string>
#include <vector>

struct Book {
  std::string title;
  int pages;
};

// Serial reference: the same backward scan as the baseline (the answer is the last
// match, so scanning from the back stops at the first hit), unrolled by 8 with one
// combined branch per group: the page counts of 8 books are tested together and only a
// group with a hit is searched from its end. The scan is limited by memory (one 40-byte
// Book per element), so this is at best a little faster than the baseline.
size_t findLastShortBook(std::vector<Book> const& books) {
  const size_t n = books.size();
  const Book* b = books.data();
  size_t i = n;
  while (i >= 8) {
    const Book* g = b + (i - 8);
    const bool hit = (g[0].pages < 100) | (g[1].pages < 100) | (g[2].pages < 100) |
                     (g[3].pages < 100) | (g[4].pages < 100) | (g[5].pages < 100) |
                     (g[6].pages < 100) | (g[7].pages < 100);
    if (hit) {
      for (size_t k = 8; k > 0; --k)
        if (g[k - 1].pages < 100) return i - 8 + (k - 1);
    }
    i -= 8;
  }
  for (; i > 0; --i)
    if (b[i - 1].pages < 100) return i - 1;
  return n;
}
