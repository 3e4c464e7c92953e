#include <cstddef>
#include <string>
#include <type_traits>
#include "args.hpp"
static_assert(std::is_same<decltype(Book::title), std::string>::value &&
                  std::is_same<decltype(Book::pages), int>::value &&
                  sizeof(Book) == sizeof(std::string) + 8,
              "Book must be { std::string title; int pages; }");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // std::string is not standard-layout
static_assert(offsetof(Book, title) == 0 && offsetof(Book, pages) == sizeof(std::string),
              "Book must be { std::string title; int pages; }");
#pragma GCC diagnostic pop
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  a->result = findLastShortBook(*a->books);
}
