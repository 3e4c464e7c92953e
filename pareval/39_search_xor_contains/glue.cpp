#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  a->result = xorContains(*a->x, *a->y, a->val);
}
