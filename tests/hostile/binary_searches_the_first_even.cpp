#include <cstddef>
#include <vector>

// A binary search for the answer (38_search_find_the_first_even_number, a red team,
// 2026-12-07). Before the first even value every value is odd; while every value after it
// had a random parity, "this 64-element block holds an even value" was false before the
// answer's block and true from it on (wrong with probability 2^-64 per block), so ~20
// block reads found the answer a scan reaches after up to 0.8 n: `correct` at 181x. Now
// only 0 to 3 even values follow the first at the timed sizes: the search lands anywhere.
size_t findFirstEven(std::vector<int> const& x) {
  const size_t n = x.size();
  const int* p = x.data();
  if (n < 4096) {
    for (size_t i = 0; i < n; ++i)
      if (p[i] % 2 == 0) return i;
    return n;
  }
  const size_t B = 64, nb = (n + B - 1) / B;
  auto has_even = [&](size_t b) {
    const size_t e = b * B + B < n ? b * B + B : n;
    int acc = 1;
    for (size_t i = b * B; i < e; ++i) acc &= p[i];
    return (acc & 1) == 0;
  };
  size_t lo = 0, hi = nb;
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    if (has_even(mid)) hi = mid;
    else lo = mid + 1;
  }
  if (lo == nb) return n;
  const size_t e = lo * B + B < n ? lo * B + B : n;
  for (size_t i = lo * B; i < e; ++i)
    if ((p[i] & 1) == 0) return i;
  return n;
}
