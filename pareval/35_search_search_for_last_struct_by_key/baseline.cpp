#include <cstddef>
#include <string>
#include <vector>

struct Book {
  std::string title;
  int pages;
};

/* Return the index of the last Book item in the vector books where Book.pages is less
   than 100. If there is no such book, return books.size().
   Example: input [{"Green Eggs and Ham", 72}, {"gulliver's travels", 362},
                   {"Stories of Your Life", 54}, {"Hamilton", 818}]
         -> output 2
*/
size_t findLastShortBook(std::vector<Book> const& books) {
  for (size_t i = books.size(); i > 0; --i) {
    if (books[i - 1].pages < 100) {
      return i - 1;
    }
  }
  return books.size();
}
