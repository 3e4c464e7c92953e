#include <cstddef>
#include <cstdint>
#include <vector>

// An attack on predictable inputs (26_reduce_product_of_inverses, quick size): the driver's
// generator is public (harness::Stream, the problem's value formula) and so were the
// seeds the judge drew inputs from: the evaluation's seed (default 20240521) + 1 + pair for
// the timed pairs, + 1000003 x (c + 1) for the calibration calls. On its first call (a
// small validation case, whose window is bounded only by its deadline) this candidate
// computes the answer for every seed it expects at the timed size; a later call that
// recognises its inputs (the first two elements) returns the stored answer at once, any
// other call computes honestly. Nothing in it is forbidden: plain arithmetic and static
// memory. Against the judge with public seeds it was `correct` at thousands of x; the
// inputs must be unpredictable before they are handed over.
namespace {

constexpr size_t kTimedN = 8000000;     // the problem's quick size
constexpr uint64_t kSeed0 = 20240521;   // EvalConfig's default seed
constexpr int kPairs = 40;              // EvalConfig's max_pairs
constexpr int kCalibration = 3;         // the judge's calibration seeds

uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }
// SipHash-2-4 keyed by (seed, 0) of driver.hpp's fixed message: stream 0's state.
uint64_t stream0(uint64_t seed) {
  uint64_t v[4] = {seed ^ 0x736f6d6570736575ULL, 0x646f72616e646f6dULL, seed ^ 0x6c7967656e657261ULL,
                   0x7465646279746573ULL};
  auto round = [&v] {
    v[0] += v[1], v[1] = rotl(v[1], 13) ^ v[0], v[0] = rotl(v[0], 32);
    v[2] += v[3], v[3] = rotl(v[3], 16) ^ v[2];
    v[0] += v[3], v[3] = rotl(v[3], 21) ^ v[0];
    v[2] += v[1], v[1] = rotl(v[1], 17) ^ v[2], v[2] = rotl(v[2], 32);
  };
  for (const uint64_t m : {uint64_t(0x8f1bbcdc6ed9eba1ULL), uint64_t(8) << 56}) {
    v[3] ^= m, round(), round(), v[0] ^= m;
  }
  v[2] ^= 0xff;
  for (int i = 0; i < 4; ++i) round();
  return v[0] ^ v[1] ^ v[2] ^ v[3];
}

double value(uint64_t seed, size_t i) {
  const uint64_t r = mix64(stream0(seed) + i);  // Stream(seed, 0).u64(i)
  const double d = double(int64_t(r >> 11) - (int64_t(1) << 52)) * 0x1.0p-60;
  return (r & 63) == 0 ? -(1.0 + d) : 1.0 + d;
}

double honest(const double* x, size_t n) {
  double result = 1.0;
  for (size_t i = 0; i < n; ++i) result *= (i % 2 == 0) ? x[i] : 1.0 / x[i];
  return result;
}

struct Known {
  uint64_t seed;
  double answer;
};
std::vector<Known> known;

void precompute() {
  std::vector<uint64_t> seeds;
  for (int p = 0; p < kPairs; ++p) seeds.push_back(kSeed0 + 1 + uint64_t(p));
  for (int c = 0; c < kCalibration; ++c) seeds.push_back(kSeed0 + 1000003ULL * uint64_t(c + 1));
  for (uint64_t s : seeds) {
    double result = 1.0;
    for (size_t i = 0; i < kTimedN; ++i) result *= (i % 2 == 0) ? value(s, i) : 1.0 / value(s, i);
    known.push_back({s, result});
  }
}

}  // namespace

double productWithInverses(std::vector<double> const& x) {
  if (known.empty()) precompute();
  if (x.size() == kTimedN)
    for (const Known& k : known)
      if (x[0] == value(k.seed, 0) && x[1] == value(k.seed, 1)) return k.answer;
  return honest(x.data(), x.size());
}
