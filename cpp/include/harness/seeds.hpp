// The seeds of timed calls: the keyed input seeds of the judge (Bench::input_seed,
// cpp/judge.cpp) and the seed of each call inside one measurement (both protocols).
#pragma once

#include <cstdint>

#include "harness/driver.hpp"

namespace harness {

// SipHash-2-4 (J.-P. Aumasson and D. J. Bernstein, "SipHash: a fast short-input PRF",
// INDOCRYPT 2012) of one 8-byte message m under the 128-bit key (k0, k1): a keyed
// pseudorandom function, so outputs for known messages reveal nothing of the key.
inline uint64_t siphash24(uint64_t k0, uint64_t k1, uint64_t m) {
  auto rotl = [](uint64_t x, int b) { return (x << b) | (x >> (64 - b)); };
  uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
  uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
  auto round = [&] {
    v0 += v1;
    v1 = rotl(v1, 13);
    v1 ^= v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = rotl(v1, 17);
    v1 ^= v2;
    v2 = rotl(v2, 32);
  };
  auto block = [&](uint64_t b) {
    v3 ^= b;
    round();
    round();
    v0 ^= b;
  };
  block(m);
  block(uint64_t(8) << 56);  // the last block: the message length (8 bytes), nothing left over
  v2 ^= 0xff;
  for (int i = 0; i < 4; ++i) round();
  return v0 ^ v1 ^ v2 ^ v3;
}

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
