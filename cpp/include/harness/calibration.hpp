// Calls per measurement (nanobench's rule, M. Ankerl), shared by the judge (cpp/judge.cpp)
// and the in-process protocol (cpp/inprocess.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace harness {

// Seeds on which calls per measurement are calibrated (and discarded as warm-up).
constexpr uint64_t kCalibrationSeeds = 3;

// Iterations per measurement so that one lasts at least `target` ns (nanobench's rule).
inline int64_t iterations_for(double target, int64_t call_ns) {
  return std::max<int64_t>(1, int64_t(target / double(std::max<int64_t>(call_ns, 1))) + 1);
}

// The median of v (the upper one of an even count; 0 when empty).
inline int64_t median_of(std::vector<int64_t> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace harness
