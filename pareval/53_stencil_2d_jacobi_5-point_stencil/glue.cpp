#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  jacobi2D(*a->input, *a->output, a->N);
}
