// WRONG (only some inputs): scans from the front and returns the first short book;
// right only when there is at most one short book.
#include <string>
#include <vector>
struct Book {
  std::string title;
  int pages;
};
size_t findLastShortBook(std::vector<Book> const& books) {
  for (size_t i = 0; i < books.size(); ++i)
    if (books[i].pages < 100) return i;
  return books.size();
}
