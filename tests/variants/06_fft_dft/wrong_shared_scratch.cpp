// WRONG (data race): the twiddle scratch buffer was hoisted out of the parallel k loop to
// avoid reallocating it, so threads overwrite each other's twiddles while summing.
#include <cmath>
#include <complex>
#include <vector>
void dft(std::vector<double> const& x, std::vector<std::complex<double>>& output) {
  const size_t N = x.size();
  output.resize(N);
  std::vector<std::complex<double>> tw(N);
#pragma omp parallel for schedule(static)
  for (size_t k = 0; k < N; ++k) {
    for (size_t n = 0; n < N; ++n)
      tw[n] = std::polar(1.0, -2.0 * M_PI * double((k * n) % N) / double(N));
    std::complex<double> sum(0.0, 0.0);
    for (size_t n = 0; n < N; ++n) sum += x[n] * tw[n];
    output[k] = sum;
  }
}
