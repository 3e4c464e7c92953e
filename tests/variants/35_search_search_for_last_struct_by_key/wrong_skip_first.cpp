// WRONG (off by one): the backward loop stops before index 0, so a short book at index 0
// is never found.
#include <string>
#include <vector>
struct Book {
  std::string title;
  int pages;
};
size_t findLastShortBook(std::vector<Book> const& books) {
  if (books.empty()) return 0;
  for (size_t i = books.size() - 1; i > 0; --i)
    if (books[i].pages < 100) return i;
  return books.size();
}
