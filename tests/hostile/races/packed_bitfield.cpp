// A race through a packed 24-bit bitfield: 3-byte accesses, not instrumented.
// Judged correct with a clean race check until 2026-12-04 (a red-team pass).
#include <vector>
#include <cstdint>
struct __attribute__((packed)) W24 { uint32_t v : 24; };
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
    const size_t n = x.size();
    std::vector<W24> w((n + 23) / 24 + 1);
    W24* p = w.data();
    for (size_t k = 0; k < w.size(); ++k) p[k].v = 0;
    #pragma omp parallel for
    for (size_t i = 0; i < n; ++i) {
        int v = x[i];
        if ((v > 0) && !(v & (v - 1))) p[i / 24].v |= 1u << (i % 24);
    }
    for (size_t i = 0; i < n; ++i) mask[i] = (p[i / 24].v >> (i % 24)) & 1;
}
