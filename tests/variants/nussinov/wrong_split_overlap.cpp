// WRONG (off by one): the split combines table[i][k] with table[k][j] instead of
// table[k+1][j], so the two halves share base k and it can pair twice.
#include <algorithm>
#include <vector>
void kernel_nussinov(int n, std::vector<int>& seq, std::vector<std::vector<int>>& table) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      int best = std::max({table[i][j], table[i][j - 1], table[i + 1][j],
                           table[i + 1][j - 1] + (i < j - 1 && seq[i] + seq[j] == 3 ? 1 : 0)});
      for (int k = i + 1; k < j; k++) best = std::max(best, table[i][k] + table[k][j]);
      table[i][j] = best;
    }
}
