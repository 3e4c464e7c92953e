#include <cstddef>
#include "args.hpp"
static_assert(sizeof(Result) == 12, "Result must be { int startTime, duration; float value; }");
static_assert(offsetof(Result, startTime) == 0, "Result::startTime must come first");
static_assert(offsetof(Result, duration) == 4, "Result::duration must be second");
static_assert(offsetof(Result, value) == 8, "Result::value must be third");
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  sortByStartTime(*a->results);
}
