#include <cstddef>
#include <vector>

struct Element {
  size_t index;
  double value;
};

// Serial reference: no three-way merge. The baseline's merge takes an unpredictable
// branch per step (which list is next is random), costing a misprediction every other
// element. Here z is processed in windows of 2048 indices (16 KB, kept in L1): first all
// entries of x inside the window are added, then all entries of y. Each loop's exit test
// is predictable, and z's cache lines are brought in once. For an index in both lists
// z gets (z + alpha*x) + y instead of z + (alpha*x + y): a last-bit rounding difference.
void sparseAxpy(double alpha, std::vector<Element> const& x, std::vector<Element> const& y,
                std::vector<double>& z) {
  const Element* xp = x.data();
  const Element* yp = y.data();
  const size_t nx = x.size(), ny = y.size();
  double* zp = z.data();
  size_t i = 0, j = 0;
  for (size_t end = 2048; i < nx || j < ny; end += 2048) {
    for (; i < nx && xp[i].index < end; ++i) zp[xp[i].index] += alpha * xp[i].value;
    for (; j < ny && yp[j].index < end; ++j) zp[yp[j].index] += yp[j].value;
  }
}
