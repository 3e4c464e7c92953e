// WRONG (only on some inputs): ifft(x) = conj(fft(x)) / N, which holds only when x is
// real; for complex x both conjugations are needed: conj(fft(conj(x))) / N.
#include <complex>
#include <vector>
void ifft(std::vector<std::complex<double>>& x) {
  fft_helper(x);
  const double scale = 1.0 / double(x.size());
  for (auto& v : x) v = std::conj(v) * scale;
}
