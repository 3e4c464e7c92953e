// WRONG (tie handling): collects the elements in a std::map keyed by magnitude, which
// keeps only one element per magnitude; right only when all magnitudes are distinct.
#include <complex>
#include <map>
#include <vector>
void sortComplexByMagnitude(std::vector<std::complex<double>>& x) {
  std::map<double, std::complex<double>> byMagnitude;
  for (auto const& z : x) byMagnitude[std::abs(z)] = z;
  size_t i = 0;
  for (auto const& kv : byMagnitude) x[i++] = kv.second;
}
