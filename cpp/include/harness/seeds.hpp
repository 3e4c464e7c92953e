// The seeds of timed calls: the keyed input seeds of the judge (Bench::input_seed,
// cpp/judge.cpp) and the seed of each call inside one measurement (both protocols).
#pragma once

#include <cstdint>

#include "harness/driver.hpp"

namespace harness {

// The seed the inputs of a timed call with seed `nominal` are generated from (the
// calibration calls, the pairs, the profile's calls): SipHash-2-4 of it under the
// evaluation's secret key (k0, k1). The nominal seeds (+ 1 + p for timed pair p, ...) are public
// and would let a candidate compute the answers of later pairs in advance (in a
// validation call, whose window is bounded only by its deadline: tests/hostile/
// precomputes_predicted_inputs.cpp was `correct` at 2.3x for honest code); the judge's
// generator sees an input seed only in the prepare that hands it over (no keeper or
// caller ever sees one), and one input seed tells
// nothing of the next. Validation cases keep their public seeds: a problem's validation
// is then the same in every evaluation (its wrong variants are caught every time, not by
// the luck of a draw: tests/test_problems.py), and knowing those inputs helps no timed
// call, whose inputs are keyed and whose outputs are all compared.
inline uint64_t input_seed(uint64_t k0, uint64_t k1, uint64_t nominal) { return siphash24(k0, k1, nominal); }

// Seed of call i of k in one measurement (one window of the judge): every call gets fresh
// inputs (so no call can reuse the previous one's work) and the last one uses `seed`, so
// both sides end on the same inputs and their outputs can be compared.
inline uint64_t iteration_seed(uint64_t seed, int64_t i, int64_t k) {
  return i == k - 1 ? seed : mix64(seed ^ (0x51ed270b27a6ee6bULL * uint64_t(i + 1)));
}

}  // namespace harness
