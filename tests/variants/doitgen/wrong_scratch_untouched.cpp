// WRONG (scratch output): A is right, but each thread uses a private scratch row and
// the exposed sum array is never written (it must hold the last row computed).
#include <vector>
void kernel_doitgen(int nr, int nq, int np, std::vector<std::vector<std::vector<double>>>& A,
                    std::vector<std::vector<double>>& C4, std::vector<double>& sum) {
#pragma omp parallel
  {
    std::vector<double> t(np);
#pragma omp for
    for (int r = 0; r < nr; r++)
      for (int q = 0; q < nq; q++) {
        for (int p = 0; p < np; p++) {
          t[p] = 0.0;
          for (int s = 0; s < np; s++) t[p] += A[r][q][s] * C4[s][p];
        }
        for (int p = 0; p < np; p++) A[r][q][p] = t[p];
      }
  }
}
