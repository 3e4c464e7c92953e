// WRONG (reduction with the wrong identity): a parallel max-reduction over the indices
// of short books, but started from the "none" value books.size(), which is larger than
// every index, so it always returns books.size().
#include <string>
#include <vector>
struct Book {
  std::string title;
  int pages;
};
size_t findLastShortBook(std::vector<Book> const& books) {
  size_t last = books.size();
  const long n = long(books.size());
#pragma omp parallel for reduction(max : last)
  for (long i = 0; i < n; ++i)
    if (books[i].pages < 100 && size_t(i) > last) last = size_t(i);
  return last;
}
