// WRONG (off by one): sorts x[0..n-2] and leaves the last element where it was.
#include <algorithm>
#include <complex>
#include <vector>
void sortComplexByMagnitude(std::vector<std::complex<double>>& x) {
  if (x.size() < 2) return;
  std::sort(x.begin(), x.end() - 1, [](std::complex<double> const& a, std::complex<double> const& b) {
    return std::norm(a) < std::norm(b);
  });
}
