// WRONG (in-place update): writes each product straight into A[r][q][p] while later p
// still read the old A[r][q][s], so the row is computed from partly updated values.
#include <vector>
void kernel_doitgen(int nr, int nq, int np, std::vector<std::vector<std::vector<double>>>& A,
                    std::vector<std::vector<double>>& C4, std::vector<double>& sum) {
#pragma omp parallel for
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++) {
        double t = 0.0;
        for (int s = 0; s < np; s++) t += A[r][q][s] * C4[s][p];
        A[r][q][p] = t;
        if (r == nr - 1 && q == nq - 1) sum[p] = t;
      }
}
