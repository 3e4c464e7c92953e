// WRONG (missing reduction): an LSD radix sort (four 8-bit digits) whose per-thread digit
// counts are merged by assignment instead of addition (the last thread to finish wins),
// so the offsets are wrong and records are lost or duplicated. Correct with one thread.
#include <cstdint>
#include <vector>
struct Result {
  int startTime, duration;
  float value;
};
void sortByStartTime(std::vector<Result>& results) {
  const long n = long(results.size());
  std::vector<Result> tmp(results.size());
  for (int p = 0; p < 4; ++p) {
    std::vector<long> count(257, 0);
#pragma omp parallel
    {
      std::vector<long> mine(256, 0);
#pragma omp for schedule(static)
      for (long i = 0; i < n; ++i)
        mine[((uint32_t(results[i].startTime) ^ 0x80000000u) >> (8 * p)) & 255]++;
      for (int v = 0; v < 256; ++v)
        if (mine[v]) count[v + 1] = mine[v];
    }
    for (int v = 0; v < 256; ++v) count[v + 1] += count[v];
    for (long i = 0; i < n; ++i) {
      const long d = ((uint32_t(results[i].startTime) ^ 0x80000000u) >> (8 * p)) & 255;
      const long pos = count[d]++;
      if (pos < n) tmp[pos] = results[i];
    }
    results.swap(tmp);
  }
}
