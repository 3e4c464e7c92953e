// WRONG (precision, shows only on large inputs): sorts stably by the magnitude rounded to
// float, so elements whose magnitudes differ by less than a float ulp keep their input
// order.
#include <algorithm>
#include <complex>
#include <utility>
#include <vector>
void sortComplexByMagnitude(std::vector<std::complex<double>>& x) {
  std::vector<std::pair<float, std::complex<double>>> keyed(x.size());
  for (size_t i = 0; i < x.size(); ++i) keyed[i] = {float(std::abs(x[i])), x[i]};
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](auto const& a, auto const& b) { return a.first < b.first; });
  for (size_t i = 0; i < x.size(); ++i) x[i] = keyed[i].second;
}
