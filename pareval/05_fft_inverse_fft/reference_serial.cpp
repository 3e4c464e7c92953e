#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

// Serial reference: an iterative radix-2 inverse FFT instead of conjugating around the
// recursive forward one: the twiddles carry the + sign directly, and the 1/N scaling is
// applied while copying the result back into x (one pass instead of three).
// - The recursive baseline calls sin/cos (std::polar) for every butterfly
//   (N/2 log2 N calls) and allocates and copies two half-size vectors at every node.
//   Here one twiddle table is built per call (N/4 sin/cos pairs; the rest by exact
//   quarter-turn symmetry), laid out so every stage reads its twiddles contiguously.
// - x is copied into a work buffer in bit-reversed order (a tiled, cache-friendly
//   permutation), transformed there and copied back scaled.
// - The first log2(B) stages run block by block on B-point blocks that stay in L1/L2;
//   only the last stages sweep the whole array. Complex products are written out in
//   real arithmetic (std::complex's operator* checks for inf/NaN without -ffast-math).
namespace {
constexpr double kTwoPi = 6.283185307179586476925286766559;
constexpr size_t kBlock = 2048;
constexpr unsigned kTile = 4;  // bit-reversal tiles of 16 x 16 points

inline uint64_t reverse_bits(uint64_t b, unsigned bits) {
  b = ((b & 0x5555555555555555ULL) << 1) | ((b >> 1) & 0x5555555555555555ULL);
  b = ((b & 0x3333333333333333ULL) << 2) | ((b >> 2) & 0x3333333333333333ULL);
  b = ((b & 0x0f0f0f0f0f0f0f0fULL) << 4) | ((b >> 4) & 0x0f0f0f0f0f0f0f0fULL);
  b = ((b & 0x00ff00ff00ff00ffULL) << 8) | ((b >> 8) & 0x00ff00ff00ff00ffULL);
  b = ((b & 0x0000ffff0000ffffULL) << 16) | ((b >> 16) & 0x0000ffff0000ffffULL);
  b = (b << 32) | (b >> 32);
  return bits ? b >> (64 - bits) : 0;
}

// dst[rev(i)] = src[i] for i < 2^bits. The index is split into (a, b, c) with a and c of
// kTile bits each; for each middle part b, a 16 x 16 tile is gathered row by row (16
// contiguous points per row) into a local buffer and written out row by row, so every
// cache line is touched in one burst (a plain scatter hits the same cache sets with
// power-of-two strides).
void bit_reverse_copy(const std::complex<double>* src, std::complex<double>* dst,
                      unsigned bits) {
  const size_t N = size_t(1) << bits;
  if (bits < 2 * kTile + 1) {
    for (size_t i = 0; i < N; ++i) dst[reverse_bits(i, bits)] = src[i];
    return;
  }
  const size_t M = size_t(1) << kTile;
  const unsigned mid = bits - 2 * kTile;
  size_t rev_t[M];
  for (size_t a = 0; a < M; ++a) rev_t[a] = reverse_bits(a, kTile);
  std::complex<double> buf[M][M];
  for (size_t b = 0; b < (size_t(1) << mid); ++b) {
    const size_t rb = reverse_bits(b, mid);
    for (size_t a = 0; a < M; ++a) {
      const std::complex<double>* s = src + ((a << (mid + kTile)) | (b << kTile));
      for (size_t c = 0; c < M; ++c) buf[a][c] = s[c];
    }
    for (size_t c = 0; c < M; ++c) {
      std::complex<double>* d = dst + ((rev_t[c] << (mid + kTile)) | (rb << kTile));
      for (size_t a = 0; a < M; ++a) d[rev_t[a]] = buf[a][c];
    }
  }
}

// For every half-length h = 1, 2, ..., N/2: wr/wi[h + j] = exp(sign*2*pi*i*j/(2h)), j < h.
void make_twiddles(size_t N, double sign, double* wr, double* wi) {
  const size_t h = N / 2, q = N / 4;
  if (q == 0) {
    wr[1] = 1.0;
    wi[1] = 0.0;
    return;
  }
  for (size_t j = 0; j < q; ++j) {
    const double t = kTwoPi * double(j) / double(N);
    wr[h + j] = std::cos(t);
    wi[h + j] = sign * std::sin(t);
  }
  for (size_t j = q; j < h; ++j) {  // w[j] = w[j - q] * (sign * i), exactly
    wr[h + j] = -sign * wi[h + j - q];
    wi[h + j] = sign * wr[h + j - q];
  }
  for (size_t k = 1; k < h; ++k) {  // level g = 2^floor(log2 k): w_g[j] = w_{N/2}[j * h / g]
    size_t g = 1;
    while (2 * g <= k) g *= 2;
    wr[k] = wr[h + (k - g) * (h / g)];
    wi[k] = wi[h + (k - g) * (h / g)];
  }
}

// All butterflies of half-length h on the points [lo, hi) (a multiple of 2h).
inline void stage(double* d, size_t lo, size_t hi, size_t h, const double* wr,
                  const double* wi) {
  for (size_t s = lo; s < hi; s += 2 * h) {
    double* u = d + 2 * s;
    double* v = d + 2 * (s + h);
    for (size_t j = 0; j < h; ++j) {
      const double vr = v[2 * j], vi = v[2 * j + 1], cr = wr[h + j], ci = wi[h + j];
      const double tr = vr * cr - vi * ci, ti = vr * ci + vi * cr;
      const double ur = u[2 * j], ui = u[2 * j + 1];
      u[2 * j] = ur + tr;
      u[2 * j + 1] = ui + ti;
      v[2 * j] = ur - tr;
      v[2 * j + 1] = ui - ti;
    }
  }
}

// The first two stages (h = 1, 2) fused into one radix-4 pass over groups of 4 points;
// w = exp(sign*2*pi*i/4) = sign*i is the only non-trivial twiddle.
inline void first_two(double* d, size_t lo, size_t hi, double sign) {
  for (size_t s = lo; s < hi; s += 4) {
    double* p = d + 2 * s;
    const double a0r = p[0] + p[2], a0i = p[1] + p[3], a1r = p[0] - p[2], a1i = p[1] - p[3];
    const double a2r = p[4] + p[6], a2i = p[5] + p[7], a3r = p[4] - p[6], a3i = p[5] - p[7];
    const double tr = -sign * a3i, ti = sign * a3r;  // (sign*i) * a3
    p[0] = a0r + a2r;
    p[1] = a0i + a2i;
    p[4] = a0r - a2r;
    p[5] = a0i - a2i;
    p[2] = a1r + tr;
    p[3] = a1i + ti;
    p[6] = a1r - tr;
    p[7] = a1i - ti;
  }
}

// Radix-2 stages on bit-reversed data (N >= 4): block-local stages first, then the wide
// ones.
void stages(double* d, size_t N, const double* wr, const double* wi, double sign) {
  const size_t B = std::min(N, kBlock);
  for (size_t b = 0; b < N; b += B) {
    first_two(d, b, b + B, sign);
    for (size_t h = 4; h < B; h *= 2) stage(d, b, b + B, h, wr, wi);
  }
  for (size_t h = B; h < N; h *= 2) stage(d, 0, N, h, wr, wi);
}
}  // namespace

void ifft(std::vector<std::complex<double>>& x) {
  const size_t N = x.size();
  if (N < 4) {  // 0, 1 or 2 points
    if (N == 2) {
      const std::complex<double> a = x[0], b = x[1];
      x[0] = (a + b) * 0.5;
      x[1] = (a - b) * 0.5;
    }
    return;
  }
  unsigned bits = 0;
  while ((size_t(1) << bits) < N) ++bits;
  std::vector<double> wr(N), wi(N);
  std::vector<std::complex<double>> work(N);
  make_twiddles(N, +1.0, wr.data(), wi.data());
  bit_reverse_copy(x.data(), work.data(), bits);
  stages(reinterpret_cast<double*>(work.data()), N, wr.data(), wi.data(), +1.0);
  const double scale = 1.0 / double(N);
  const double* w = reinterpret_cast<const double*>(work.data());
  double* d = reinterpret_cast<double*>(x.data());
  for (size_t k = 0; k < 2 * N; ++k) d[k] = w[k] * scale;  // copy back, scaled
}
