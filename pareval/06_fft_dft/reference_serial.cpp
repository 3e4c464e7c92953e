#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

// Serial reference: O(N log N) instead of the O(N^2) direct sum with a sin/cos per term.
// - N a power of two: iterative radix-2 Cooley-Tukey FFT with a precomputed twiddle table.
// - any other N: Bluestein's chirp-z algorithm, which rewrites the DFT as a circular
//   convolution (n*k = (n^2 + k^2 - (k-n)^2) / 2) evaluated with power-of-two FFTs of
//   length L >= 2N - 1.
// Every twiddle and chirp angle is reduced exactly in integers before the cos/sin call,
// so the result is more accurate than the direct sum.
namespace {
using cx = std::complex<double>;
constexpr double kTwoPi = 6.283185307179586476925286766559;

// w[j] = exp(-2*pi*i * j / L), j < L/2.
std::vector<cx> twiddles(size_t L) {
  std::vector<cx> w(L / 2);
  for (size_t j = 0; j < L / 2; ++j) {
    const double t = kTwoPi * double(j) / double(L);
    w[j] = cx(std::cos(t), -std::sin(t));
  }
  return w;
}

// In-place forward FFT of a power-of-two length L = a.size() with w = twiddles(L).
void fft_pow2(std::vector<cx>& a, const std::vector<cx>& w) {
  const size_t L = a.size();
  if (L < 2) return;
  for (size_t i = 1, j = 0; i < L; ++i) {  // bit reversal permutation
    size_t bit = L >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
  double* d = reinterpret_cast<double*>(a.data());
  const double* wd = reinterpret_cast<const double*>(w.data());
  for (size_t len = 2; len <= L; len <<= 1) {
    const size_t half = len >> 1, step = L / len;
    for (size_t s = 0; s < L; s += len) {
      for (size_t j = 0; j < half; ++j) {
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
  }
}
}  // namespace

void dft(std::vector<double> const& x, std::vector<std::complex<double>>& output) {
  const size_t N = x.size();
  output.resize(N);
  if (N == 0) return;
  if ((N & (N - 1)) == 0) {
    std::vector<cx> a(N);
    for (size_t n = 0; n < N; ++n) a[n] = cx(x[n], 0.0);
    fft_pow2(a, twiddles(N));
    for (size_t k = 0; k < N; ++k) output[k] = a[k];
    return;
  }
  // Bluestein: chirp c[m] = exp(-pi*i*m^2/N), with m^2 reduced mod 2N exactly.
  size_t L = 1;
  while (L < 2 * N - 1) L <<= 1;
  const std::vector<cx> w = twiddles(L);
  std::vector<cx> chirp(N);
  const uint64_t twoN = 2 * uint64_t(N);
  for (size_t m = 0; m < N; ++m) {
    const uint64_t q = (uint64_t(m) * uint64_t(m)) % twoN;
    const double t = M_PI * double(q) / double(N);
    chirp[m] = cx(std::cos(t), -std::sin(t));
  }
  std::vector<cx> a(L, cx(0.0, 0.0)), b(L, cx(0.0, 0.0));
  for (size_t n = 0; n < N; ++n) a[n] = cx(x[n] * chirp[n].real(), x[n] * chirp[n].imag());
  b[0] = std::conj(chirp[0]);
  for (size_t m = 1; m < N; ++m) b[m] = b[L - m] = std::conj(chirp[m]);
  fft_pow2(a, w);
  fft_pow2(b, w);
  // Pointwise product, conjugated: the inverse FFT is conj(FFT(conj(.))) / L.
  for (size_t i = 0; i < L; ++i) {
    const double ar = a[i].real(), ai = a[i].imag(), br = b[i].real(), bi = b[i].imag();
    a[i] = cx(ar * br - ai * bi, -(ar * bi + ai * br));
  }
  fft_pow2(a, w);
  const double scale = 1.0 / double(L);
  for (size_t k = 0; k < N; ++k) {
    const double cr = a[k].real() * scale, ci = -a[k].imag() * scale;
    const double wr = chirp[k].real(), wi = chirp[k].imag();
    output[k] = cx(cr * wr - ci * wi, cr * wi + ci * wr);
  }
}
