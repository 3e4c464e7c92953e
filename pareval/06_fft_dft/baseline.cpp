#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

/* Compute the discrete Fourier transform of the real sequence x into output:
   output[k] = sum over n of x[n] * exp(-2*pi*i*n*k/N), for k = 0..N-1, N = x.size().
   output arrives already sized to N (resize it to N if you replace it).
   Example:
   input: [1, 4, 9, 16]
   output: [30+0i, -8+12i, -10+0i, -8-12i]
*/
void dft(std::vector<double> const& x, std::vector<std::complex<double>>& output) {
  const size_t N = x.size();
  output.resize(N);
  for (size_t k = 0; k < N; ++k) {
    std::complex<double> sum(0.0, 0.0);
    for (size_t n = 0; n < N; ++n) {
      const double angle = -2.0 * M_PI * double(k) * double(n) / double(N);
      sum += x[n] * std::complex<double>(std::cos(angle), std::sin(angle));
    }
    output[k] = sum;
  }
}
