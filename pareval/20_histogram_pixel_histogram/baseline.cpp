#include <array>
#include <cstddef>
#include <vector>

/* Count the number of pixels in image with each grayscale intensity and add the counts
   to bins (bins[v] counts the pixels of value v). image is a grayscale image flattened
   into a vector; every value is in 0..255. bins arrives zeroed.
   Example: input [2, 116, 201, 11, 92, 92, 201, 4, 2]
         -> output [0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 1, ... (bins[92] = 2, bins[116] = 1, bins[201] = 2, all others 0)]
*/
void pixelCounts(std::vector<int> const& image, std::array<size_t, 256>& bins) {
  for (size_t i = 0; i < image.size(); ++i) {
    bins[image[i]]++;
  }
}
