// WRONG (off by one): tests pages <= 100, so a book of exactly 100 pages counts as short.
#include <string>
#include <vector>
struct Book {
  std::string title;
  int pages;
};
size_t findLastShortBook(std::vector<Book> const& books) {
  for (size_t i = books.size(); i > 0; --i)
    if (books[i - 1].pages <= 100) return i - 1;
  return books.size();
}
