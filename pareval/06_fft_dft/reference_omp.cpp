#include <omp.h>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference: the serial reference's O(N log N) algorithm (radix-2 FFT for powers
// of two, Bluestein's chirp-z convolution otherwise), run by one team of threads:
// twiddle and chirp tables, the fills and the pointwise product are split with `omp for`;
// Bluestein's two independent forward FFTs run as two sections; the remaining FFT splits
// every butterfly stage between the threads (a barrier between stages). On the 2-core
// dev machine (OMP_WAIT_POLICY=passive) the ~20 barriers cost more than they save until
// roughly 1e5 points, so below 65536 points the region runs on one thread.
namespace {
using cx = std::complex<double>;
constexpr double kTwoPi = 6.283185307179586476925286766559;

void bit_reverse(cx* a, size_t L) {
  for (size_t i = 1, j = 0; i < L; ++i) {
    size_t bit = L >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
}

// One butterfly stage of length `len`, butterflies [t0, t1) of the L/2 in the stage.
inline void stage(double* d, const double* wd, size_t L, size_t len, long t0, long t1) {
  const size_t half = len >> 1, step = L / len;
  for (long t = t0; t < t1; ++t) {
    const size_t j = size_t(t) & (half - 1), s = (size_t(t) - j) * 2;
    const double wr = wd[2 * j * step], wi = wd[2 * j * step + 1];
    double* u = d + 2 * (s + j);
    double* v = d + 2 * (s + j + half);
    const double tr = v[0] * wr - v[1] * wi, ti = v[0] * wi + v[1] * wr;
    v[0] = u[0] - tr;
    v[1] = u[1] - ti;
    u[0] += tr;
    u[1] += ti;
  }
}

// Forward FFT by the calling thread alone.
void fft_serial(cx* a, size_t L, const cx* w) {
  if (L < 2) return;
  bit_reverse(a, L);
  double* d = reinterpret_cast<double*>(a);
  const double* wd = reinterpret_cast<const double*>(w);
  for (size_t len = 2; len <= L; len <<= 1) stage(d, wd, L, len, 0, long(L / 2));
}

// Forward FFT by the whole team: must be called by every thread of the enclosing region.
void fft_team(cx* a, size_t L, const cx* w) {
  if (L < 2) return;
#pragma omp single
  bit_reverse(a, L);  // implicit barrier
  double* d = reinterpret_cast<double*>(a);
  const double* wd = reinterpret_cast<const double*>(w);
  const long nb = long(L / 2);
  for (size_t len = 2; len <= L; len <<= 1) {
#pragma omp for schedule(static)
    for (long t = 0; t < nb; t += 256) stage(d, wd, L, len, t, std::min(nb, t + 256));
  }
}
}  // namespace

void dft(std::vector<double> const& x, std::vector<std::complex<double>>& output) {
  const size_t N = x.size();
  output.resize(N);
  if (N == 0) return;
  const bool pow2 = (N & (N - 1)) == 0;
  size_t L = 1;
  while (L < (pow2 ? N : 2 * N - 1)) L <<= 1;
  std::vector<cx> w(L / 2), a(L), b(pow2 ? 0 : L), chirp(pow2 ? 0 : N);
  const uint64_t twoN = 2 * uint64_t(N);
  const long nl = long(L), nn = long(N);
  const bool par = N >= 65536;
#pragma omp parallel if (par)
  {
#pragma omp for schedule(static) nowait
    for (long j = 0; j < nl / 2; ++j) {
      const double t = kTwoPi * double(j) / double(L);
      w[j] = cx(std::cos(t), -std::sin(t));
    }
    if (pow2) {
#pragma omp for schedule(static)
      for (long n = 0; n < nn; ++n) a[n] = cx(x[n], 0.0);
      fft_team(a.data(), L, w.data());
#pragma omp for schedule(static)
      for (long k = 0; k < nn; ++k) output[k] = a[k];
    } else {
#pragma omp for schedule(static)
      for (long m = 0; m < nn; ++m) {
        const uint64_t q = (uint64_t(m) * uint64_t(m)) % twoN;
        const double t = M_PI * double(q) / double(N);
        chirp[m] = cx(std::cos(t), -std::sin(t));
      }
#pragma omp for schedule(static)
      for (long i = 0; i < nl; ++i) {
        if (i < nn) {
          a[i] = cx(x[i] * chirp[i].real(), x[i] * chirp[i].imag());
          b[i] = std::conj(chirp[i]);
        } else {
          a[i] = cx(0.0, 0.0);
          b[i] = (i > nl - nn) ? std::conj(chirp[nl - i]) : cx(0.0, 0.0);
        }
      }
#pragma omp sections
      {
#pragma omp section
        fft_serial(a.data(), L, w.data());
#pragma omp section
        fft_serial(b.data(), L, w.data());
      }
      // Pointwise product, conjugated: the inverse FFT is conj(FFT(conj(.))) / L.
#pragma omp for schedule(static)
      for (long i = 0; i < nl; ++i) {
        const double ar = a[i].real(), ai = a[i].imag(), br = b[i].real(), bi = b[i].imag();
        a[i] = cx(ar * br - ai * bi, -(ar * bi + ai * br));
      }
      fft_team(a.data(), L, w.data());
      const double scale = 1.0 / double(L);
#pragma omp for schedule(static)
      for (long k = 0; k < nn; ++k) {
        const double cr = a[k].real() * scale, ci = -a[k].imag() * scale;
        const double wr = chirp[k].real(), wi = chirp[k].imag();
        output[k] = cx(cr * wr - ci * wi, cr * wi + ci * wr);
      }
    }
  }
}
