// A race through 80-bit long double words: 10-byte accesses, which ThreadSanitizer does not instrument.
// Judged correct with a clean race check until 2026-12-04 (a red-team pass).
#include <vector>
#include <cstdint>
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
    const size_t n = x.size();
    std::vector<long double> w((n + 63) / 64, 0.0L);
    long double* p = w.data();
    #pragma omp parallel for
    for (size_t i = 0; i < n; ++i) {
        int v = x[i];
        if ((v > 0) && !(v & (v - 1))) p[i >> 6] += (long double)(1ULL << (i & 63));
    }
    for (size_t i = 0; i < n; ++i) mask[i] = ((uint64_t)p[i >> 6] >> (i & 63)) & 1;
}
