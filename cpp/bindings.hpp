// The classes of harness._bench, each bound by the file that defines it; the module
// (PYBIND11_MODULE) is cpp/bindings.cpp.
#pragma once

#include <pybind11/pybind11.h>

namespace harness {

// harness._bench.Bench, the judge (cpp/judge.cpp).
void bind_judge(pybind11::module_& m);

// harness._bench.InProcessBench, the protocol before the judge (cpp/inprocess.cpp).
void bind_inprocess(pybind11::module_& m);

}  // namespace harness
