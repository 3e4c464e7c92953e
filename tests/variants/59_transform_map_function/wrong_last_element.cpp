// WRONG (off by one): the loop stops one element early, leaving the last mask entry as it
// was.
#include <vector>
bool isPowerOfTwo(int x) {
  return (x > 0) && !(x & (x - 1));
}
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
  for (size_t i = 0; i + 1 < x.size(); ++i) mask[i] = isPowerOfTwo(x[i]);
}
