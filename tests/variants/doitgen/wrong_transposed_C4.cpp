// WRONG (transposed operand): multiplies by C4^T, reading C4[p][s] instead of C4[s][p].
#include <vector>
void kernel_doitgen(int nr, int nq, int np, std::vector<std::vector<std::vector<double>>>& A,
                    std::vector<std::vector<double>>& C4, std::vector<double>& sum) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
#pragma omp parallel for
      for (int p = 0; p < np; p++) {
        double t = 0.0;
        for (int s = 0; s < np; s++) t += A[r][q][s] * C4[p][s];
        sum[p] = t;
      }
      for (int p = 0; p < np; p++) A[r][q][p] = sum[p];
    }
}
