// harness._bench: the module (pybind11). The judge (Bench, cpp/judge.cpp) and the old
// in-process bench (InProcessBench, cpp/inprocess.cpp) bind their own classes, beside
// their constructors; the functions bound here are the judge's rules (seeds.hpp,
// stopping.hpp) and the machine probes (probes.cpp), for the orchestrator and the tests.
#include <omp.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "harness/process.hpp"
#include "harness/seeds.hpp"
#include "harness/stopping.hpp"
#include "probes.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_bench, m) {
  m.doc() = "Timing and loading core of the harness (see cpp/bindings.cpp).";
  harness::bind_judge(m);
  harness::bind_inprocess(m);
  m.def("siphash24", &harness::siphash24, py::arg("k0"), py::arg("k1"), py::arg("m"),
        "SipHash-2-4 of the 8-byte little-endian message m under the key (k0, k1) (input seeds).");
  m.def(
      "median_interval",
      [](std::vector<double> x, double level) {
        if (x.empty()) throw py::value_error("median_interval: no values");
        return harness::median_interval(x, level);
      },
      py::arg("x"), py::arg("level"),
      "The judge's order-statistic interval of the median of x (the stopping rule's; "
      "harness.measure.stats.order_stat_ci computes the reported one).");
  m.def("settled", &harness::settled, py::arg("baseline_ns"), py::arg("candidate_ns"),
        "The judge's adaptive stopping rule on paired times: True when the speedup is settled.");
  m.def("clock_resolution_ns", &harness::clock_resolution_ns,
        "Smallest observable difference of the steady clock, in nanoseconds.");
  m.def("thread_count", [] { return harness::thread_count(); }, "Threads of this process (from /proc/self/status).");
  m.def("inprocess_call_ns", &harness::inprocess_call_ns, py::arg("reps") = 1001,
        "The in-process protocol's per-call overhead: median ns of timing an empty call.");
  m.def("triad_bandwidth", &harness::triad_bandwidth, py::arg("bytes_per_array"), py::arg("threads"),
        py::arg("reps") = 5, "STREAM-style triad bandwidth in GB/s (best of reps).");
  m.def(
      "omp_max_threads", [] { return omp_get_max_threads(); },
      "Threads an OpenMP parallel region gets here (omp_get_max_threads).");
}
