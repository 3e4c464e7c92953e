#include <vector>

/* durbin: Levinson-Durbin recursion for the Yule-Walker system T y = -r, where T is the
   n x n symmetric Toeplitz matrix with unit diagonal whose (i, j) entry is r[|i-j|-1]
   for i != j. Step k extends the solution of order k to order k+1: the reflection
   coefficient alpha comes from the dot product of r (reversed) with the current y, and
   the old y is corrected by alpha times its own reversal. r is an input only; y (n
   entries) is the output. */
void kernel_durbin(int n, std::vector<double>& r, std::vector<double>& y) {
  std::vector<double> z(n);
  double alpha = -r[0];
  double beta = 1.0;
  y[0] = -r[0];
  for (int k = 1; k < n; k++) {
    beta = (1.0 - alpha * alpha) * beta;
    double sum = 0.0;
    for (int i = 0; i < k; i++) {
      sum += r[k - i - 1] * y[i];
    }
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++) {
      z[i] = y[i] + alpha * y[k - i - 1];
    }
    for (int i = 0; i < k; i++) {
      y[i] = z[i];
    }
    y[k] = alpha;
  }
}
