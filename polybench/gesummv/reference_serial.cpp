#include <vector>

// Serial reference for gesummv. The baseline keeps its running sums in tmp[i] and y[i],
// which the compiler must store on every step (they might alias A, B or x), and each sum
// is one dependent add chain. Here the sums live in registers as 8 independent partial
// sums per product (an explicit reassociation the compiler vectorizes into one vector
// register each), so the loop streams A and B at memory speed.
void kernel_gesummv(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                    std::vector<std::vector<double>>& B, std::vector<double>& tmp,
                    std::vector<double>& x, std::vector<double>& y) {
  const double* xp = x.data();
  for (int i = 0; i < n; i++) {
    const double* a = A[i].data();
    const double* b = B[i].data();
    double pa[8] = {0, 0, 0, 0, 0, 0, 0, 0}, pb[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int j = 0;
    for (; j + 8 <= n; j += 8)
      for (int l = 0; l < 8; l++) {
        pa[l] += a[j + l] * xp[j + l];
        pb[l] += b[j + l] * xp[j + l];
      }
    double sa = ((pa[0] + pa[1]) + (pa[2] + pa[3])) + ((pa[4] + pa[5]) + (pa[6] + pa[7]));
    double sb = ((pb[0] + pb[1]) + (pb[2] + pb[3])) + ((pb[4] + pb[5]) + (pb[6] + pb[7]));
    for (; j < n; j++) {
      sa += a[j] * xp[j];
      sb += b[j] * xp[j];
    }
    tmp[i] = sa;
    y[i] = alpha * sa + beta * sb;
  }
}
