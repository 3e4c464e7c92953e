#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

// Recovers the planted solution of 01_dense_la_solve from its inputs (a red team,
// 2026-12-07). The seed of a timed call is keyed (SipHash of the call's public seed under
// the evaluation's secret key, seeds.hpp), but each value the driver draws is
// mix64(state + i) (splitmix64's finaliser, a bijection): A[1] and A[2] (off-diagonal,
// -1 + 2 * (mix64(state + i) >> 11) / 2^53) give 53 of the 64 bits of two values, 2^11
// guesses the rest, and inverting mix64 gives stream 0's state. While a stream's state was
// mix64(seed ^ stream * C), inverting once more gave the seed, and with it the state of
// stream 3, which holds the planted solution x_true: O(N) instead of the O(N^3)
// elimination, `correct` at 14.6x, or at 1.73x (the expert reference 1.50x) with enough
// refinement sweeps to stay under the suspicious-speedup flag. Now a stream's state is
// SipHash keyed by (seed, stream) (driver.hpp stream_state): stream 0's state still comes
// back, but tells nothing of stream 3's. Here x_true derived that way is checked against
// b's first row, and a check that holds makes the answer wrong: `correct` says the planted
// solution stayed out of reach; else it is the baseline's elimination.
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
// Stream 0's state from A[1] and A[2]; false if they are not such draws.
bool stream0(const std::vector<double>& A, uint64_t* state) {
  uint64_t k1, k2;
  if (!top53(A[1], &k1) || !top53(A[2], &k2)) return false;
  for (uint64_t low = 0; low < 2048; ++low) {
    const uint64_t K = unmix64((k1 << 11) | low) - 1;
    if ((mix64(K + 2) >> 11) == k2) {
      *state = K;
      return true;
    }
  }
  return false;
}
// x_true from stream 3's state as the seed's inverse gives it, checked against b[0] = A[0,:] x_true.
bool planted(const std::vector<double>& A, const std::vector<double>& b, size_t N, uint64_t state0) {
  const uint64_t seed = unmix64(state0);
  const uint64_t state3 = mix64(seed ^ (3 * 0xd1b54a32d192ed03ULL));
  double s = 0.0, mag = 0.0;
  for (size_t j = 0; j < N; ++j) {
    const double x = -1.0 + 2.0 * double(mix64(state3 + j) >> 11) * 0x1.0p-53;
    s += A[j] * x;
    mag += std::fabs(A[j] * x);
  }
  return std::fabs(s - b[0]) <= 1e-12 * mag;
}
}  // namespace

void solveLinearSystem(std::vector<double> const& A, std::vector<double> const& b, std::vector<double>& x, size_t N) {
  uint64_t state0;
  if (N >= 3 && stream0(A, &state0) && planted(A, b, N, state0)) {  // found: a wrong answer
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
