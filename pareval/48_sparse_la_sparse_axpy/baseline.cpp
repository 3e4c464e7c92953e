#include <cstddef>
#include <vector>

struct Element {
  size_t index;
  double value;
};

/* Compute z = z + alpha*x + y where x and y are sparse vectors and z is a dense vector.
   x and y hold their nonzero entries as (index, value) pairs sorted by index, with no
   repeated index; an index may occur in x, in y, in both or in neither. Every index is
   smaller than z.size(). z arrives holding values that must be added to.
   Example:
   input: alpha=2 x=[{1, 3}, {4, -1}] y=[{0, 5}, {4, 0.5}, {5, 2}] z=[1, 1, 1, 1, 1, 1]
   output: z=[6, 7, 1, 1, -0.5, 3]
*/
void sparseAxpy(double alpha, std::vector<Element> const& x, std::vector<Element> const& y,
                std::vector<double>& z) {
  size_t i = 0, j = 0;
  // Merge the two sorted lists: an index present in both is updated once.
  while (i < x.size() && j < y.size()) {
    if (x[i].index < y[j].index) {
      z[x[i].index] += alpha * x[i].value;
      ++i;
    } else if (y[j].index < x[i].index) {
      z[y[j].index] += y[j].value;
      ++j;
    } else {
      z[x[i].index] += alpha * x[i].value + y[j].value;
      ++i;
      ++j;
    }
  }
  // Whatever is left of either list.
  for (; i < x.size(); ++i) z[x[i].index] += alpha * x[i].value;
  for (; j < y.size(); ++j) z[y[j].index] += y[j].value;
}
