// WRONG (off by one): the loops that finish whichever list is left over stop one entry
// early ("+ 1 < size"), so the last entry of the longer-running list is never added.
#include <vector>
struct Element { size_t index; double value; };
void sparseAxpy(double alpha, std::vector<Element> const& x, std::vector<Element> const& y,
                std::vector<double>& z) {
  size_t i = 0, j = 0;
  while (i < x.size() && j < y.size()) {
    if (x[i].index < y[j].index) { z[x[i].index] += alpha * x[i].value; ++i; }
    else if (y[j].index < x[i].index) { z[y[j].index] += y[j].value; ++j; }
    else { z[x[i].index] += alpha * x[i].value + y[j].value; ++i; ++j; }
  }
  for (; i + 1 < x.size(); ++i) z[x[i].index] += alpha * x[i].value;
  for (; j + 1 < y.size(); ++j) z[y[j].index] += y[j].value;
}
