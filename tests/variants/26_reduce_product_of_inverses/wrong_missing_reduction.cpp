// WRONG (missing reduction): the loop is parallel but `result` is shared and updated
// without reduction(*:result), so threads overwrite each other's partial products.
#include <vector>
double productWithInverses(std::vector<double> const& x) {
  double result = 1.0;
#pragma omp parallel for
  for (size_t i = 0; i < x.size(); ++i) {
    if (i % 2 == 0) result *= x[i];
    else result /= x[i];
  }
  return result;
}
