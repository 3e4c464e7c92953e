#include <cstddef>
#include <vector>

// Serial reference: the baseline is one long chain of dependent multiplications (one
// multiply latency per element, no vectorization since reordering a product is not
// allowed without -ffast-math). Here:
// - no division per odd element: x0/x1*x2/x3... = (x0*x2*...) / (x1*x3*...), with one
//   division per block;
// - W = 32 independent accumulator lanes over contiguous elements (vectorized, many
//   chains in flight); lane l only ever sees indices with the parity of l, because
//   blocks and rows start at even indices;
// - lanes are folded into the result every B elements, so partial products stay in
//   range whenever the baseline's do (values near 1 in magnitude).
double productWithInverses(std::vector<double> const& x) {
  constexpr size_t W = 32, B = 4096;  // B is a multiple of W, W is even
  const size_t n = x.size();
  const double* p = x.data();
  double result = 1.0;
  size_t i = 0;
  for (; i + B <= n; i += B) {
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
  for (; i < n; ++i) result = (i % 2 == 0) ? result * p[i] : result / p[i];
  return result;
}
