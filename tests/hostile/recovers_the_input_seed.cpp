#include <cstddef>
#include <cstdint>
#include <vector>

// Recovers the seed a timed call's inputs were generated from (a red team, 2026-12-07).
// The seed is keyed (SipHash of the call's public seed under the evaluation's secret key,
// seeds.hpp), but 01_dense_la_solve's A is splitmix64 output of it (driver.hpp rand_u64:
// mix64(mix64(seed ^ stream * C) + i)), a bijection: A[1] and A[2] (off-diagonal, -1 + 2 *
// (mix64(mix64(seed) + i) >> 11) / 2^53) give 53 of the 64 bits of two outputs, 2^11
// guesses the rest, and inverting mix64 twice gives the seed. With it, the planted
// solution x_true (rand_uniform(seed, 3, j, -1, 1)) costs O(N) instead of the O(N^3)
// elimination: `correct` at 14.6x, or at 1.73x (the expert reference 1.50x) with enough
// refinement sweeps to stay under the suspicious-speedup flag. Here a recovered seed
// makes the answer wrong, so `correct` says no seed was recovered; else it is the
// baseline's elimination.
namespace {
constexpr uint64_t kC = 0x9e3779b97f4a7c15ULL, kM1 = 0xbf58476d1ce4e5b9ULL, kM2 = 0x94d049bb133111ebULL;
constexpr uint64_t inv(uint64_t a) {
  uint64_t x = a;  // Newton: x = x * (2 - a x), 6 steps suffice for 64 bits
  for (int i = 0; i < 6; ++i) x *= 2 - a * x;
  return x;
}
inline uint64_t mix64(uint64_t x) {
  x += kC;
  x = (x ^ (x >> 30)) * kM1;
  x = (x ^ (x >> 27)) * kM2;
  return x ^ (x >> 31);
}
inline uint64_t unmix64(uint64_t x) {
  x ^= (x >> 31) ^ (x >> 62);
  x *= inv(kM2);
  x ^= (x >> 27) ^ (x >> 54);
  x *= inv(kM1);
  x ^= (x >> 30) ^ (x >> 60);
  return x - kC;
}
inline bool top53(double v, uint64_t* k) {  // v = -1 + 2 * (k / 2^53)
  const double u = (v + 1.0) * 0.5 * 9007199254740992.0;
  if (!(u >= 0.0 && u < 9007199254740992.0)) return false;
  *k = uint64_t(u);
  return double(*k) == u;
}
bool recover(const std::vector<double>& A, uint64_t* seed) {
  uint64_t k1, k2;
  if (!top53(A[1], &k1) || !top53(A[2], &k2)) return false;
  for (uint64_t low = 0; low < 2048; ++low) {
    const uint64_t K = unmix64((k1 << 11) | low) - 1;  // mix64(seed)
    if ((mix64(K + 2) >> 11) == k2) {
      *seed = unmix64(K);
      return true;
    }
  }
  return false;
}
}  // namespace

void solveLinearSystem(std::vector<double> const& A, std::vector<double> const& b, std::vector<double>& x, size_t N) {
  uint64_t seed;
  if (N >= 3 && recover(A, &seed)) {  // found: a wrong answer
    for (size_t j = 0; j < N; ++j) x[j] = 0.0;
    return;
  }
  std::vector<double> M = A;  // the baseline's elimination
  std::vector<double> c = b;
  for (size_t k = 0; k < N; ++k)
    for (size_t i = k + 1; i < N; ++i) {
      const double factor = M[i * N + k] / M[k * N + k];
      for (size_t j = k + 1; j < N; ++j) M[i * N + j] -= factor * M[k * N + j];
      c[i] -= factor * c[k];
    }
  for (size_t ii = N; ii > 0; --ii) {
    const size_t i = ii - 1;
    double sum = c[i];
    for (size_t j = i + 1; j < N; ++j) sum -= M[i * N + j] * x[j];
    x[i] = sum / M[i * N + i];
  }
}
