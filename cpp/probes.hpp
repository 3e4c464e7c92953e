// Machine probes bound to Python (harness._bench, cpp/bindings.cpp): the clock's
// resolution, memory bandwidth, the in-process protocol's per-call overhead.
#pragma once

#include <cstdint>

namespace harness {

// Clock resolution estimated as the smallest non-zero difference between two reads (ns).
double clock_resolution_ns();

// Memory bandwidth (GB/s) of a STREAM-style triad over three arrays of `bytes_per_array`
// bytes on `threads` OpenMP threads: best of `reps`.
double triad_bandwidth(uint64_t bytes_per_array, int threads, int reps);

// The per-call overhead of the in-process protocol (InProcessBench): the median of `reps`
// timings (ns) of an empty function called through a pointer.
double inprocess_call_ns(int reps);

}  // namespace harness
