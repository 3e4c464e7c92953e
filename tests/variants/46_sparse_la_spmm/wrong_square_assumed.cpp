// WRONG (only right when N == K): uses K as the row stride of Y (assuming a square X).
#include <vector>
struct COOElement { size_t row, column; double value; };
void spmm(std::vector<COOElement> const& A, std::vector<COOElement> const& X,
          std::vector<double>& Y, size_t M, size_t K, size_t N) {
  for (size_t i = 0; i < M * N; ++i) Y[i] = 0.0;
  for (auto const& a : A)
    for (auto const& x : X)
      if (a.column == x.row && a.row * K + x.column < M * N) Y[a.row * K + x.column] += a.value * x.value;
}
