#include <vector>

/* doitgen (multiresolution analysis kernel): every row A[r][q][:] of the nr x nq x np
   array A is replaced by its product with the np x np matrix C4:
   A[r][q][p] := sum_s A[r][q][s] * C4[s][p].
   sum (np entries) is the scratch row used for each product; on return it holds the
   last row computed (r = nr-1, q = nq-1). */
void kernel_doitgen(int nr, int nq, int np, std::vector<std::vector<std::vector<double>>>& A,
                    std::vector<std::vector<double>>& C4, std::vector<double>& sum) {
  for (int r = 0; r < nr; r++) {
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++) {
          sum[p] += A[r][q][s] * C4[s][p];
        }
      }
      for (int p = 0; p < np; p++) {
        A[r][q][p] = sum[p];
      }
    }
  }
}
