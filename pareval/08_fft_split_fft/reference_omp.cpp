#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>
#include <omp.h>

// OpenMP reference: the serial reference's split-format iterative radix-2 FFT (twiddle
// table, tiled bit-reversal scatter into r and i, block-local first stages, fused
// radix-4 first pass) run by one team of threads: every phase is split with `omp for`
// (the twiddle table in three dependent sweeps, bit-reversal tiles, the cache blocks,
// then each wide stage's butterflies in chunks that never cross a butterfly group), with
// the implicit barrier between phases. Each thread writes disjoint points in every phase,
// so any thread count is correct. Work is handed out dynamically, so a thread that loses
// its core for a while (a shared machine) does not hold up a barrier with a fixed share. Below 2^15 points one thread does it all.

namespace {
constexpr double kTwoPi = 6.283185307179586476925286766559;
constexpr size_t kBlock = 4096;  // points per cache block (64 KiB of r and i)
constexpr unsigned kTile = 4;    // bit-reversal tiles of 16 x 16 points
constexpr size_t kChunk = 1024;  // butterflies per work item in a wide stage
constexpr size_t kParallelMin = 32768;

inline uint64_t reverse_bits(uint64_t b, unsigned bits) {
  b = ((b & 0x5555555555555555ULL) << 1) | ((b >> 1) & 0x5555555555555555ULL);
  b = ((b & 0x3333333333333333ULL) << 2) | ((b >> 2) & 0x3333333333333333ULL);
  b = ((b & 0x0f0f0f0f0f0f0f0fULL) << 4) | ((b >> 4) & 0x0f0f0f0f0f0f0f0fULL);
  b = ((b & 0x00ff00ff00ff00ffULL) << 8) | ((b >> 8) & 0x00ff00ff00ff00ffULL);
  b = ((b & 0x0000ffff0000ffffULL) << 16) | ((b >> 16) & 0x0000ffff0000ffffULL);
  b = (b << 32) | (b >> 32);
  return bits ? b >> (64 - bits) : 0;
}

// re[rev(i)] + i*im[rev(i)] = src[i] for i < 2^bits. The index is split into (a, b, c)
// with a and c of kTile bits each; for each middle part b, a 16 x 16 tile is gathered row
// by row (16 contiguous points per row) into a local buffer and written out row by row,
// so every cache line is touched in one burst (a plain scatter hits the same cache sets
// with power-of-two strides).
void bit_reverse_split(const std::complex<double>* src, double* re, double* im,
                       unsigned bits) {
  const size_t N = size_t(1) << bits;
  if (bits < 2 * kTile + 1) {
#pragma omp for schedule(dynamic, 4096)
    for (size_t i = 0; i < N; ++i) {
      const size_t r = reverse_bits(i, bits);
      re[r] = src[i].real();
      im[r] = src[i].imag();
    }
    return;
  }
  const size_t M = size_t(1) << kTile;
  const unsigned mid = bits - 2 * kTile;
  size_t rev_t[M];
  for (size_t a = 0; a < M; ++a) rev_t[a] = reverse_bits(a, kTile);
#pragma omp for schedule(dynamic, 1)
  for (size_t b = 0; b < (size_t(1) << mid); ++b) {
    const size_t rb = reverse_bits(b, mid);
    std::complex<double> buf[M][M];
    for (size_t a = 0; a < M; ++a) {
      const std::complex<double>* s = src + ((a << (mid + kTile)) | (b << kTile));
      for (size_t c = 0; c < M; ++c) buf[a][c] = s[c];
    }
    for (size_t c = 0; c < M; ++c) {
      const size_t o = (rev_t[c] << (mid + kTile)) | (rb << kTile);
      for (size_t a = 0; a < M; ++a) {
        re[o + rev_t[a]] = buf[a][c].real();
        im[o + rev_t[a]] = buf[a][c].imag();
      }
    }
  }
}

// For every half-length h = 1, 2, ..., N/2: wr/wi[h + j] = exp(sign*2*pi*i*j/(2h)), j < h.
void make_twiddles(size_t N, double sign, double* wr, double* wi) {
  const size_t h = N / 2, q = N / 4;
#pragma omp for schedule(dynamic, 4096)
  for (size_t j = 0; j < q; ++j) {
    const double t = kTwoPi * double(j) / double(N);
    wr[h + j] = std::cos(t);
    wi[h + j] = sign * std::sin(t);
  }
#pragma omp for schedule(dynamic, 4096)
  for (size_t j = q; j < h; ++j) {  // w[j] = w[j - q] * (sign * i), exactly
    wr[h + j] = -sign * wi[h + j - q];
    wi[h + j] = sign * wr[h + j - q];
  }
#pragma omp for schedule(dynamic, 4096)
  for (size_t k = 1; k < h; ++k) {  // level g = 2^floor(log2 k): w_g[j] = w_{N/2}[j * h / g]
    size_t g = 1;
    while (2 * g <= k) g *= 2;
    wr[k] = wr[h + (k - g) * (h / g)];
    wi[k] = wi[h + (k - g) * (h / g)];
  }
}

// Butterflies j in [j0, j1) of the group of half-length h whose first point is s.
inline void group(double* re, double* im, size_t s, size_t h, size_t j0, size_t j1,
                  const double* wr, const double* wi) {
  double* ur = re + s;
  double* ui = im + s;
  double* vr = re + s + h;
  double* vi = im + s + h;
  for (size_t j = j0; j < j1; ++j) {
    const double cr = wr[h + j], ci = wi[h + j];
    const double tr = vr[j] * cr - vi[j] * ci, ti = vr[j] * ci + vi[j] * cr;
    const double ar = ur[j], ai = ui[j];
    ur[j] = ar + tr;
    ui[j] = ai + ti;
    vr[j] = ar - tr;
    vi[j] = ai - ti;
  }
}

// The first two stages (h = 1, 2) fused into one radix-4 pass over groups of 4 points;
// the only non-trivial twiddle is exp(-2*pi*i/4) = -i.
inline void first_two(double* re, double* im, size_t lo, size_t hi) {
  for (size_t s = lo; s < hi; s += 4) {
    double* r = re + s;
    double* m = im + s;
    const double a0r = r[0] + r[1], a0i = m[0] + m[1], a1r = r[0] - r[1], a1i = m[0] - m[1];
    const double a2r = r[2] + r[3], a2i = m[2] + m[3], a3r = r[2] - r[3], a3i = m[2] - m[3];
    r[0] = a0r + a2r;
    m[0] = a0i + a2i;
    r[2] = a0r - a2r;
    m[2] = a0i - a2i;
    r[1] = a1r + a3i;  // a1 + (-i) * a3
    m[1] = a1i - a3r;
    r[3] = a1r - a3i;
    m[3] = a1i + a3r;
  }
}

// Radix-2 stages on bit-reversed data (N >= 4): block-local stages first, then the wide
// ones, each wide stage split into chunks of kChunk butterflies (kChunk <= h, so a
// chunk lies inside one butterfly group).
void stages(double* re, double* im, size_t N, const double* wr, const double* wi) {
  const size_t B = std::min(N, kBlock);
#pragma omp for schedule(dynamic, 1)
  for (size_t b = 0; b < N; b += B) {
    first_two(re, im, b, b + B);
    for (size_t h = 4; h < B; h *= 2)
      for (size_t s = b; s < b + B; s += 2 * h) group(re, im, s, h, 0, h, wr, wi);
  }
  for (size_t h = B; h < N; h *= 2) {
#pragma omp for schedule(dynamic, 1)
    for (size_t t0 = 0; t0 < N / 2; t0 += kChunk) {
      const size_t j0 = t0 & (h - 1);
      group(re, im, 2 * (t0 - j0), h, j0, j0 + kChunk, wr, wi);
    }
  }
}
}  // namespace

void fft(std::vector<std::complex<double>> const& x, std::vector<double>& r, std::vector<double>& i) {
  const size_t N = x.size();
  r.resize(N);
  i.resize(N);
  if (N < 4) {  // 0, 1 or 2 points
    if (N == 1) {
      r[0] = x[0].real();
      i[0] = x[0].imag();
    } else if (N == 2) {
      r[0] = x[0].real() + x[1].real();
      i[0] = x[0].imag() + x[1].imag();
      r[1] = x[0].real() - x[1].real();
      i[1] = x[0].imag() - x[1].imag();
    }
    return;
  }
  unsigned bits = 0;
  while ((size_t(1) << bits) < N) ++bits;
  std::vector<double> wr(N), wi(N);
#pragma omp parallel if (N >= kParallelMin)
  {
    make_twiddles(N, -1.0, wr.data(), wi.data());
    bit_reverse_split(x.data(), r.data(), i.data(), bits);
    stages(r.data(), i.data(), N, wr.data(), wi.data());
  }
}
