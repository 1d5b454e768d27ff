#include "image.hpp"

#include <gd.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "sniff.hpp"

namespace artel::storage::detail {
namespace {

using namespace std::string_view_literals;

/// Big-endian integers (PNG, JPEG); the caller has checked the bounds. Little-endian ones: LittleEndian.
std::uint32_t Be(std::string_view bytes, std::size_t pos, std::size_t width) noexcept {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < width; ++i) value = (value << 8) | static_cast<unsigned char>(bytes[pos + i]);
  return value;
}

std::optional<Dimensions> PngDimensions(std::string_view bytes) noexcept {
  // Signature (8), then the IHDR chunk: length (4), "IHDR", width (4), height (4).
  if (bytes.size() < 24 || bytes.substr(12, 4) != "IHDR"sv) return std::nullopt;
  return Dimensions{Be(bytes, 16, 4), Be(bytes, 20, 4)};
}

std::optional<Dimensions> GifDimensions(std::string_view bytes) noexcept {
  // The logical screen; libgd refuses frames that extend past it.
  if (bytes.size() < 10) return std::nullopt;
  return Dimensions{LittleEndian<std::uint32_t>(bytes, 6, 2), LittleEndian<std::uint32_t>(bytes, 8, 2)};
}

std::optional<Dimensions> JpegDimensions(std::string_view bytes) noexcept {
  // Walks the marker segments after SOI up to the first start-of-frame (SOF0..SOF15 but DHT C4, JPG C8,
  // DAC CC), whose payload is precision (1), height (2), width (2).
  std::size_t pos = 2;
  while (pos + 2 <= bytes.size()) {
    if (static_cast<unsigned char>(bytes[pos]) != 0xFF) return std::nullopt;
    auto marker = static_cast<unsigned char>(bytes[pos + 1]);
    if (marker == 0xFF) {  // fill byte
      ++pos;
      continue;
    }
    pos += 2;
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) continue;  // TEM, RSTn, SOI: no length
    if (marker == 0xD9 || marker == 0xDA) return std::nullopt;           // EOI or scan data before a frame
    if (pos + 2 > bytes.size()) return std::nullopt;
    auto length = Be(bytes, pos, 2);
    if (length < 2) return std::nullopt;
    if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
      if (pos + 7 > bytes.size()) return std::nullopt;
      return Dimensions{Be(bytes, pos + 5, 2), Be(bytes, pos + 3, 2)};
    }
    pos += length;
  }
  return std::nullopt;
}

std::optional<Dimensions> WebpDimensions(std::string_view bytes) noexcept {
  // RIFF header (12), then the first chunk's tag and size (8) and its payload at 20.
  if (bytes.size() < 30) return std::nullopt;
  auto chunk = bytes.substr(12, 4);
  if (chunk == "VP8 "sv) {  // lossy: frame tag (3), start code 9d 01 2a, then 14-bit width and height
    if (bytes.substr(23, 3) != "\x9d\x01\x2a"sv) return std::nullopt;
    return Dimensions{LittleEndian<std::uint32_t>(bytes, 26, 2) & 0x3FFF,
                      LittleEndian<std::uint32_t>(bytes, 28, 2) & 0x3FFF};
  }
  if (chunk == "VP8L"sv) {  // lossless: signature 0x2f, then width-1 and height-1 in 14 bits each
    if (static_cast<unsigned char>(bytes[20]) != 0x2F) return std::nullopt;
    auto bits = LittleEndian<std::uint32_t>(bytes, 21, 4);
    return Dimensions{(bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1};
  }
  if (chunk == "VP8X"sv) {  // extended: flags (4), canvas width-1 and height-1 in 24 bits each
    return Dimensions{LittleEndian<std::uint32_t>(bytes, 24, 3) + 1,
                      LittleEndian<std::uint32_t>(bytes, 27, 3) + 1};
  }
  return std::nullopt;
}

struct ImageDeleter {
  void operator()(gdImagePtr image) const noexcept { gdImageDestroy(image); }
};
using Image = std::unique_ptr<gdImage, ImageDeleter>;

struct GdFreer {
  void operator()(void* memory) const noexcept { gdFree(memory); }
};

Image Decode(std::string_view bytes, const FileType& type) {
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) return nullptr;
  auto size = static_cast<int>(bytes.size());
  // libgd's *Ptr readers take a non-const pointer but only read through it.
  auto* data = const_cast<char*>(bytes.data());
  if (type.extension == "png"sv) return Image(gdImageCreateFromPngPtr(size, data));
  if (type.extension == "jpg"sv) return Image(gdImageCreateFromJpegPtr(size, data));
  if (type.extension == "webp"sv) return Image(gdImageCreateFromWebpPtr(size, data));
  if (type.extension == "gif"sv) return Image(gdImageCreateFromGifPtr(size, data));
  return nullptr;
}

bool HasTransparency(gdImagePtr image) noexcept {
  for (int y = 0; y < gdImageSY(image); ++y) {
    for (int x = 0; x < gdImageSX(image); ++x) {
      if (gdTrueColorGetAlpha(gdImageTrueColorPixel(image, x, y)) != gdAlphaOpaque) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<Dimensions> DeclaredDimensions(std::string_view bytes, const FileType& type) noexcept {
  std::optional<Dimensions> dimensions;
  if (type.extension == "png"sv) dimensions = PngDimensions(bytes);
  if (type.extension == "jpg"sv) dimensions = JpegDimensions(bytes);
  if (type.extension == "webp"sv) dimensions = WebpDimensions(bytes);
  if (type.extension == "gif"sv) dimensions = GifDimensions(bytes);
  if (!dimensions || dimensions->width == 0 || dimensions->height == 0) return std::nullopt;
  return dimensions;
}

namespace {

/// `source` scaled so its longest side is at most `side` (never upscaled), encoded as JPEG (`quality`) or
/// as PNG when any pixel is not opaque.
Thumbnail EncodeScaled(gdImagePtr source, int side, int quality) {
  int width = gdImageSX(source);
  int height = gdImageSY(source);
  int longest = std::max(width, height);
  int scaled_width = width;
  int scaled_height = height;
  if (longest > side) {
    double scale = static_cast<double>(side) / longest;
    scaled_width = std::max(1, static_cast<int>(std::lround(width * scale)));
    scaled_height = std::max(1, static_cast<int>(std::lround(height * scale)));
  }
  Image scaled(gdImageCreateTrueColor(scaled_width, scaled_height));
  if (!scaled) throw std::runtime_error("libgd could not allocate an image");
  // Copy the source's alpha instead of blending it onto the (black) new canvas.
  gdImageAlphaBlending(scaled.get(), 0);
  gdImageSaveAlpha(scaled.get(), 1);
  gdImageCopyResampled(scaled.get(), source, 0, 0, 0, 0, scaled_width, scaled_height, width, height);

  bool transparent = HasTransparency(scaled.get());
  int size = 0;
  std::unique_ptr<void, GdFreer> encoded(transparent ? gdImagePngPtr(scaled.get(), &size)
                                                     : gdImageJpegPtr(scaled.get(), &size, quality));
  if (!encoded || size <= 0) throw std::runtime_error("libgd could not encode an image");
  return Thumbnail{std::string(static_cast<const char*>(encoded.get()), static_cast<std::size_t>(size)),
                   *TypeByExtension(transparent ? "png" : "jpg"), scaled_width, scaled_height};
}

constexpr int kThumbnailQuality = 85;
constexpr int kImageQuality = 88;

}  // namespace

bool WithinLimits(std::string_view bytes, const FileType& type) noexcept {
  auto dimensions = DeclaredDimensions(bytes, type);
  return dimensions && dimensions->width <= kMaxImageSide && dimensions->height <= kMaxImageSide &&
         std::uint64_t{dimensions->width} * dimensions->height <= kMaxImagePixels;
}

std::optional<Thumbnail> MakeThumbnail(std::string_view bytes, const FileType& type, int side) {
  Image source = Decode(bytes, type);
  if (!source || gdImageSX(source.get()) <= 0 || gdImageSY(source.get()) <= 0) return std::nullopt;
  return EncodeScaled(source.get(), side, kThumbnailQuality);
}

std::optional<Reencoded> Reencode(std::string_view bytes, const FileType& type, int side,
                                  int thumbnail_side) {
  Image source = Decode(bytes, type);
  if (!source || gdImageSX(source.get()) <= 0 || gdImageSY(source.get()) <= 0) return std::nullopt;
  Reencoded result{EncodeScaled(source.get(), side, kImageQuality), std::nullopt};
  if (thumbnail_side > 0) result.thumbnail = EncodeScaled(source.get(), thumbnail_side, kThumbnailQuality);
  return result;
}

}  // namespace artel::storage::detail
