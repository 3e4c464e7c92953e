// WRONG (only right when A is strongly diagonally dominant): 40 Jacobi sweeps with no
// convergence test. Enough when the diagonal dominates by a wide margin, not when it
// barely does (the error then shrinks by only ~1/margin per sweep).
#include <vector>
struct COOElement { size_t row, column; double value; };
void solveLinearSystem(std::vector<COOElement> const& A, std::vector<double> const& b,
                       std::vector<double>& x, size_t N) {
  std::vector<double> d(N, 1.0), y(N);
  for (auto const& e : A) if (e.row == e.column) d[e.row] = e.value;
  for (size_t i = 0; i < N; ++i) x[i] = b[i] / d[i];
  for (int sweep = 0; sweep < 40; ++sweep) {
    for (size_t i = 0; i < N; ++i) y[i] = b[i];
    for (auto const& e : A) if (e.row != e.column) y[e.row] -= e.value * x[e.column];
    for (size_t i = 0; i < N; ++i) x[i] = y[i] / d[i];
  }
}
