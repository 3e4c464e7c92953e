// WRONG (off by one): scales by 1/(N-1) instead of 1/N.
#include <complex>
#include <vector>
void ifft(std::vector<std::complex<double>>& x) {
  for (auto& v : x) v = std::conj(v);
  fft_helper(x);
  const double scale = 1.0 / double(x.size() - 1);
  for (auto& v : x) v = std::conj(v) * scale;
}
