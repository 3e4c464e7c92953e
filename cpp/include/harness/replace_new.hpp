// The replaceable global allocation functions of a side's process (the keeper,
// cpp/side.cpp; the caller, cpp/caller.cpp), routed through the executable's own
//   void* harness_allocate(size_t bytes, size_t align);  // nullptr: out of memory
//   void harness_deallocate(void* p);
// Include it once, in the translation unit that defines those two. The executable's
// definitions serve its own code's, the driver's or the side's and libstdc++'s operator
// new and delete.
#pragma once

#include <algorithm>
#include <cstddef>
#include <new>

void* harness_allocate(size_t bytes, size_t align);
void harness_deallocate(void* p);

void* operator new(size_t n) {
  if (void* p = harness_allocate(n, __STDCPP_DEFAULT_NEW_ALIGNMENT__)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n) { return ::operator new(n); }
void* operator new(size_t n, std::align_val_t a) {
  if (void* p = harness_allocate(n, std::max<size_t>(size_t(a), __STDCPP_DEFAULT_NEW_ALIGNMENT__))) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n, std::align_val_t a) { return ::operator new(n, a); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  return harness_allocate(n, __STDCPP_DEFAULT_NEW_ALIGNMENT__);
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  return harness_allocate(n, __STDCPP_DEFAULT_NEW_ALIGNMENT__);
}
void* operator new(size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return harness_allocate(n, std::max<size_t>(size_t(a), __STDCPP_DEFAULT_NEW_ALIGNMENT__));
}
void* operator new[](size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return harness_allocate(n, std::max<size_t>(size_t(a), __STDCPP_DEFAULT_NEW_ALIGNMENT__));
}
void operator delete(void* p) noexcept { harness_deallocate(p); }
void operator delete[](void* p) noexcept { harness_deallocate(p); }
void operator delete(void* p, size_t) noexcept { harness_deallocate(p); }
void operator delete[](void* p, size_t) noexcept { harness_deallocate(p); }
void operator delete(void* p, std::align_val_t) noexcept { harness_deallocate(p); }
void operator delete[](void* p, std::align_val_t) noexcept { harness_deallocate(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { harness_deallocate(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { harness_deallocate(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { harness_deallocate(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { harness_deallocate(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { harness_deallocate(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { harness_deallocate(p); }
