#include <cstddef>
#include <vector>

// The data race the embedded model wrote for 59_transform_map_function (issue 20): the
// threads of `omp parallel for` write neighbouring elements of a std::vector<bool>, which
// share a word, each with a read-modify-write of the whole word. The outputs are wrong
// only when two threads' updates of the word at a chunk boundary interleave, so output
// comparison catches it only by chance; a race detector always does.
bool isPowerOfTwo(int x) {
  return (x > 0) && !(x & (x - 1));
}

void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
#pragma omp parallel for
  for (size_t i = 0; i < x.size(); ++i) mask[i] = isPowerOfTwo(x[i]);
}
