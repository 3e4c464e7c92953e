#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: the serial reference's blocked, vectorized evens/odds product
// (one division per block of B elements), with the blocks shared between threads and a
// multiplicative reduction; the tail (< B elements) is done once at the end. Blocks start
// at even indices, so lane parity is index parity for every thread count.
double productWithInverses(std::vector<double> const& x) {
  constexpr size_t W = 32, B = 4096;  // B is a multiple of W, W is even
  const size_t n = x.size();
  const double* p = x.data();
  const long blocks = long(n / B);
  double result = 1.0;
#pragma omp parallel for schedule(static) reduction(* : result) if (blocks > 16)
  for (long b = 0; b < blocks; ++b) {
    const size_t i = size_t(b) * B;
    double acc[W];
    for (size_t l = 0; l < W; ++l) acc[l] = 1.0;
    for (size_t j = i; j < i + B; j += W)
      for (size_t l = 0; l < W; ++l) acc[l] *= p[j + l];
    double num = 1.0, den = 1.0;
    for (size_t l = 0; l < W; l += 2) {
      num *= acc[l];
      den *= acc[l + 1];
    }
    result *= num / den;
  }
  for (size_t i = size_t(blocks) * B; i < n; ++i)
    result = (i % 2 == 0) ? result * p[i] : result / p[i];
  return result;
}
