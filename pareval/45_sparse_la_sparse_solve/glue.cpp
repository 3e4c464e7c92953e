#include <cstddef>
#include "args.hpp"
static_assert(sizeof(COOElement) == 24, "COOElement must be { size_t row, column; double value; }");
static_assert(offsetof(COOElement, row) == 0, "COOElement::row must come first");
static_assert(offsetof(COOElement, column) == 8, "COOElement::column must be second");
static_assert(offsetof(COOElement, value) == 16, "COOElement::value must be third");
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  solveLinearSystem(*a->A, *a->b, *a->x, a->N);
}
