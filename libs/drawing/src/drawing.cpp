#include "artel/drawing/drawing.hpp"

#include <gd.h>

#include <algorithm>
#include <array>
#include <memory>
#include <random>
#include <stdexcept>

namespace artel::drawing {
namespace {

struct ImageDeleter {
  void operator()(gdImagePtr image) const noexcept { gdImageDestroy(image); }
};
using Image = std::unique_ptr<gdImage, ImageDeleter>;

struct Rgb {
  int r = 0;
  int g = 0;
  int b = 0;
};

/// Palettes a designer would pick: a dark, a main, an accent, a light colour.
constexpr std::array<std::array<Rgb, 4>, 6> kPalettes{{
    {{{22, 34, 61}, {46, 106, 215}, {255, 168, 38}, {241, 245, 252}}},
    {{{33, 37, 41}, {0, 150, 136}, {255, 87, 87}, {244, 248, 247}}},
    {{{44, 24, 66}, {142, 68, 173}, {46, 204, 113}, {248, 244, 251}}},
    {{{25, 45, 40}, {39, 174, 96}, {241, 196, 15}, {243, 250, 245}}},
    {{{60, 30, 20}, {211, 84, 0}, {52, 152, 219}, {253, 246, 240}}},
    {{{18, 18, 28}, {231, 76, 60}, {236, 240, 241}, {250, 250, 250}}},
}};

class Canvas {
 public:
  Canvas(int width, int height, std::uint32_t seed)
      : image_(gdImageCreateTrueColor(width, height)), width_(width), height_(height), random_(seed) {
    if (!image_) throw std::runtime_error("libgd could not allocate a demo picture");
    palette_ = kPalettes[Below(kPalettes.size())];
  }

  /// Picks the palette by number instead of by chance.
  void UsePalette(std::size_t index) { palette_ = kPalettes[index % kPalettes.size()]; }

  int W() const { return width_; }
  int H() const { return height_; }
  const Rgb& Dark() const { return palette_[0]; }
  const Rgb& Main() const { return palette_[1]; }
  const Rgb& Accent() const { return palette_[2]; }
  const Rgb& Light() const { return palette_[3]; }
  std::size_t Below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }
  int Between(int low, int high) { return std::uniform_int_distribution<int>(low, high)(random_); }

  int Color(const Rgb& c) const { return gdTrueColor(c.r, c.g, c.b); }
  static Rgb Mix(const Rgb& a, const Rgb& b, double t) {
    return {static_cast<int>(a.r + (b.r - a.r) * t), static_cast<int>(a.g + (b.g - a.g) * t),
            static_cast<int>(a.b + (b.b - a.b) * t)};
  }

  void Fill(int x1, int y1, int x2, int y2, const Rgb& c) {
    gdImageFilledRectangle(image_.get(), x1, y1, x2, y2, Color(c));
  }
  void VerticalGradient(int x1, int y1, int x2, int y2, const Rgb& top, const Rgb& bottom) {
    for (int y = y1; y <= y2; ++y) {
      gdImageLine(image_.get(), x1, y, x2, y, Color(Mix(top, bottom, double(y - y1) / std::max(1, y2 - y1))));
    }
  }
  /// Top-left to bottom-right, in sixteen spans a row.
  void DiagonalGradient(const Rgb& from, const Rgb& to) {
    constexpr int kSpans = 16;
    for (int y = 0; y < height_; ++y) {
      for (int k = 0; k < kSpans; ++k) {
        const double t = 0.7 * y / height_ + 0.3 * k / (kSpans - 1);
        gdImageLine(image_.get(), width_ * k / kSpans, y, width_ * (k + 1) / kSpans - 1, y,
                    Color(Mix(from, to, t)));
      }
    }
  }
  void Ellipse(int cx, int cy, int w, int h, const Rgb& c) {
    gdImageFilledEllipse(image_.get(), cx, cy, w, h, Color(c));
  }
  void RoundedBox(int x1, int y1, int x2, int y2, int radius, const Rgb& c) {
    Fill(x1 + radius, y1, x2 - radius, y2, c);
    Fill(x1, y1 + radius, x2, y2 - radius, c);
    for (auto [cx, cy] : {std::pair{x1 + radius, y1 + radius}, std::pair{x2 - radius, y1 + radius},
                          std::pair{x1 + radius, y2 - radius}, std::pair{x2 - radius, y2 - radius}}) {
      Ellipse(cx, cy, radius * 2, radius * 2, c);
    }
  }
  void Polygon(std::initializer_list<gdPoint> points, const Rgb& c) {
    std::vector<gdPoint> copy(points);
    gdImageFilledPolygon(image_.get(), copy.data(), static_cast<int>(copy.size()), Color(c));
  }
  void Line(int x1, int y1, int x2, int y2, int thickness, const Rgb& c) {
    gdImageSetThickness(image_.get(), thickness);
    gdImageLine(image_.get(), x1, y1, x2, y2, Color(c));
    gdImageSetThickness(image_.get(), 1);
  }
  /// Grey bars standing for a line of text (no letters: the pictures carry no language).
  void TextLines(int x, int y, int width, int lines, int gap, const Rgb& c) {
    for (int i = 0; i < lines; ++i) {
      const int length = i == lines - 1 ? width * Between(40, 70) / 100 : width * Between(85, 100) / 100;
      RoundedBox(x, y + i * gap, x + length, y + i * gap + std::max(4, gap / 3), 2, c);
    }
  }

  std::string Jpeg() const {
    int size = 0;
    void* data = gdImageJpegPtr(image_.get(), &size, 90);
    if (data == nullptr || size <= 0) throw std::runtime_error("libgd could not encode a demo picture");
    std::string bytes(static_cast<const char*>(data), static_cast<std::size_t>(size));
    gdFree(data);
    return bytes;
  }

 private:
  Image image_;
  int width_;
  int height_;
  std::mt19937 random_;
  std::array<Rgb, 4> palette_{};
};

const Rgb kWhite{255, 255, 255};
const Rgb kGrey{214, 219, 226};
const Rgb kMidGrey{160, 168, 178};

void DrawSite(Canvas& c) {
  c.DiagonalGradient(c.Light(), Canvas::Mix(c.Light(), c.Main(), 0.25));
  const int x1 = 40, y1 = 36, x2 = c.W() - 40, y2 = c.H() - 20;
  c.RoundedBox(x1 + 6, y1 + 8, x2 + 6, y2 + 8, 10, Canvas::Mix(c.Light(), c.Dark(), 0.25));  // shadow
  c.RoundedBox(x1, y1, x2, y2, 10, kWhite);
  c.Fill(x1, y1 + 10, x2, y1 + 30, kGrey);
  c.RoundedBox(x1, y1, x2, y1 + 30, 10, kGrey);
  for (int i = 0; i < 3; ++i)
    c.Ellipse(x1 + 18 + i * 16, y1 + 15, 10, 10,
              i == 0   ? Rgb{236, 95, 90}
              : i == 1 ? Rgb{245, 190, 80}
                       : Rgb{98, 196, 98});
  c.RoundedBox(x1 + 80, y1 + 8, x2 - 80, y1 + 22, 6, kWhite);
  // Navigation, hero, cards.
  c.Fill(x1 + 24, y1 + 46, x1 + 70, y1 + 62, c.Main());
  for (int i = 0; i < 4; ++i) c.Fill(x2 - 220 + i * 50, y1 + 51, x2 - 185 + i * 50, y1 + 57, kMidGrey);
  const int hero_top = y1 + 76, hero_bottom = y1 + 76 + (y2 - y1) * 38 / 100;
  c.VerticalGradient(x1 + 1, hero_top, x2 - 1, hero_bottom, c.Main(), Canvas::Mix(c.Main(), c.Dark(), 0.6));
  c.TextLines(x1 + 36, hero_top + 30, (x2 - x1) * 45 / 100, 2, 22, kWhite);
  c.RoundedBox(x1 + 36, hero_bottom - 50, x1 + 156, hero_bottom - 22, 8, c.Accent());
  c.Ellipse(x2 - 140, (hero_top + hero_bottom) / 2, 150, 150, Canvas::Mix(c.Main(), kWhite, 0.35));
  c.Ellipse(x2 - 95, (hero_top + hero_bottom) / 2 + 30, 80, 80, c.Accent());
  const int cards = 3, gap = 20, top = hero_bottom + 22;
  const int width = (x2 - x1 - 72 - gap * (cards - 1)) / cards;
  for (int i = 0; i < cards; ++i) {
    const int left = x1 + 36 + i * (width + gap);
    c.RoundedBox(left, top, left + width, y2 - 22, 8, c.Light());
    c.RoundedBox(left + 12, top + 12, left + 48, top + 48, 8, i == 1 ? c.Accent() : c.Main());
    c.TextLines(left + 12, top + 62, width - 24, 3, 14, kGrey);
  }
}

void DrawApp(Canvas& c) {
  c.DiagonalGradient(Canvas::Mix(c.Main(), kWhite, 0.2), Canvas::Mix(c.Accent(), kWhite, 0.3));
  const int phone_w = c.H() * 46 / 100, phone_h = c.H() - 60;
  for (int n = 0; n < 2; ++n) {
    const int x1 = c.W() / 2 - phone_w - 20 + n * (phone_w + 40), y1 = 30 + n * 14;
    c.RoundedBox(x1, y1, x1 + phone_w, y1 + phone_h, 28, c.Dark());
    const int sx1 = x1 + 10, sy1 = y1 + 14, sx2 = x1 + phone_w - 10, sy2 = y1 + phone_h - 14;
    c.RoundedBox(sx1, sy1, sx2, sy2, 20, kWhite);
    c.RoundedBox(sx1 + (sx2 - sx1) / 2 - 30, sy1 + 4, sx1 + (sx2 - sx1) / 2 + 30, sy1 + 14, 5, c.Dark());
    c.VerticalGradient(sx1 + 1, sy1 + 24, sx2 - 1, sy1 + 90, c.Main(), Canvas::Mix(c.Main(), c.Dark(), 0.4));
    c.TextLines(sx1 + 16, sy1 + 44, (sx2 - sx1) / 2, 2, 16, kWhite);
    if (n == 0) {
      for (int i = 0; i < 5; ++i) {
        const int y = sy1 + 106 + i * 46;
        if (y + 36 > sy2 - 40) break;
        c.Ellipse(sx1 + 30, y + 16, 30, 30, i % 2 == 0 ? c.Accent() : Canvas::Mix(c.Main(), kWhite, 0.4));
        c.TextLines(sx1 + 54, y + 6, sx2 - sx1 - 74, 2, 14, kGrey);
      }
    } else {
      const int cell = (sx2 - sx1 - 48) / 2;
      for (int i = 0; i < 4; ++i) {
        const int x = sx1 + 16 + (i % 2) * (cell + 16), y = sy1 + 106 + (i / 2) * (cell + 16);
        if (y + cell > sy2 - 40) break;
        c.RoundedBox(x, y, x + cell, y + cell, 10,
                     i == 0 ? c.Accent() : Canvas::Mix(c.Main(), kWhite, 0.2 * i));
      }
    }
    c.Fill(sx1, sy2 - 36, sx2, sy2 - 20, c.Light());
    for (int i = 0; i < 4; ++i)
      c.Ellipse(sx1 + (sx2 - sx1) * (2 * i + 1) / 8, sy2 - 26, 12, 12, i == 0 ? c.Main() : kMidGrey);
  }
}

void DrawLogo(Canvas& c) {
  const bool dark = c.Below(2) == 0;
  const Rgb background = dark ? c.Dark() : c.Light();
  c.Fill(0, 0, c.W() - 1, c.H() - 1, background);
  const int cx = c.W() / 2, cy = c.H() * 42 / 100, r = c.H() / 4;
  switch (c.Below(4)) {
    case 0:
      c.Ellipse(cx, cy, 2 * r, 2 * r, c.Main());
      c.Ellipse(cx + r / 3, cy - r / 4, r, r, background);
      c.Ellipse(cx + r / 3, cy - r / 4, r / 2, r / 2, c.Accent());
      break;
    case 1:
      c.Polygon({{cx, cy - r}, {cx + r, cy + r * 3 / 4}, {cx - r, cy + r * 3 / 4}}, c.Main());
      c.Polygon({{cx, cy - r / 6}, {cx + r / 2, cy + r * 3 / 4}, {cx - r / 2, cy + r * 3 / 4}}, c.Accent());
      break;
    case 2:
      c.RoundedBox(cx - r, cy - r, cx + r, cy + r, r / 3, c.Main());
      c.RoundedBox(cx - r / 3, cy - r / 3, cx + r + r / 2, cy + r + r / 2, r / 4, c.Accent());
      c.RoundedBox(cx - r / 3, cy - r / 3, cx + r, cy + r, r / 6, Canvas::Mix(c.Main(), c.Accent(), 0.5));
      break;
    default:
      for (int i = 0; i < 6; ++i) {
        c.Ellipse(cx + (i % 3 - 1) * r * 2 / 3, cy + (i / 3) * r * 2 / 3 - r / 3, r * 2 / 3, r * 2 / 3,
                  i % 2 == 0 ? c.Main() : c.Accent());
      }
  }
  // The wordmark and the tagline as bars.
  const Rgb ink = dark ? kWhite : c.Dark();
  c.RoundedBox(cx - r * 3 / 2, cy + r + 40, cx + r * 3 / 2, cy + r + 66, 6, ink);
  c.RoundedBox(cx - r, cy + r + 82, cx + r, cy + r + 92, 4, dark ? kMidGrey : kMidGrey);
}

void DrawChart(Canvas& c) {
  c.Fill(0, 0, c.W() - 1, c.H() - 1, c.Light());
  c.RoundedBox(30, 30, c.W() - 30, c.H() - 30, 12, kWhite);
  const int x1 = 80, y1 = 70, x2 = c.W() - 60, y2 = c.H() - 70;
  for (int i = 0; i <= 4; ++i) c.Line(x1, y1 + (y2 - y1) * i / 4, x2, y1 + (y2 - y1) * i / 4, 1, kGrey);
  const int bars = 12;
  const int step = (x2 - x1) / bars;
  int level = c.Between(25, 45);
  std::vector<gdPoint> trend;
  for (int i = 0; i < bars; ++i) {
    level = std::clamp(level + c.Between(-6, 12), 10, 95);
    const int top = y2 - (y2 - y1) * level / 100;
    c.RoundedBox(x1 + i * step + 6, top, x1 + (i + 1) * step - 6, y2, 3, Canvas::Mix(c.Main(), kWhite, 0.35));
    trend.push_back({x1 + i * step + step / 2, top - 18});
  }
  for (std::size_t i = 1; i < trend.size(); ++i) {
    c.Line(trend[i - 1].x, trend[i - 1].y, trend[i].x, trend[i].y, 3, c.Accent());
  }
  for (const auto& point : trend) c.Ellipse(point.x, point.y, 9, 9, c.Accent());
  c.RoundedBox(x1, 44, x1 + 150, 54, 4, c.Dark());
}

void DrawDocument(Canvas& c) {
  c.DiagonalGradient(Canvas::Mix(c.Light(), c.Main(), 0.15), Canvas::Mix(c.Light(), c.Accent(), 0.2));
  for (int n = 0; n < 2; ++n) {
    const int x1 = c.W() / 2 - 200 + n * 150, y1 = 40 + n * 30, x2 = x1 + 250, y2 = c.H() - 30 + n * 10;
    c.Fill(x1 + 6, y1 + 6, x2 + 6, std::min(c.H() - 1, y2 + 6), Canvas::Mix(c.Light(), c.Dark(), 0.2));
    c.Fill(x1, y1, x2, std::min(c.H() - 1, y2), kWhite);
    c.Fill(x1 + 24, y1 + 28, x1 + 170, y1 + 42, c.Main());
    c.TextLines(x1 + 24, y1 + 64, 200, 7, 16, kGrey);
    c.Fill(x1 + 24, y1 + 186, x1 + 120, y1 + 196, c.Accent());
    c.TextLines(x1 + 24, y1 + 212, 200, 8, 16, kGrey);
  }
}

void DrawScene(Canvas& c) {
  c.VerticalGradient(0, 0, c.W() - 1, c.H() * 62 / 100, Canvas::Mix(c.Main(), kWhite, 0.5), c.Light());
  c.VerticalGradient(0, c.H() * 62 / 100, c.W() - 1, c.H() - 1, Canvas::Mix(c.Dark(), kWhite, 0.35),
                     c.Dark());
  for (int i = 0; i < 3; ++i) {
    const int cx = c.W() * (i + 1) / 4, base = c.H() * 66 / 100, r = c.Between(50, 90);
    c.Ellipse(cx + 18, base + 8, r * 2, r / 2, Canvas::Mix(c.Dark(), kWhite, 0.15));  // shadow
    if (i == 1) {
      c.Polygon({{cx - r, base - r}, {cx, base - r - r / 2}, {cx + r, base - r}, {cx, base - r / 2}},
                c.Accent());
      c.Polygon({{cx - r, base - r}, {cx, base - r / 2}, {cx, base + r / 3}, {cx - r, base - r / 6}},
                Canvas::Mix(c.Accent(), c.Dark(), 0.3));
      c.Polygon({{cx + r, base - r}, {cx, base - r / 2}, {cx, base + r / 3}, {cx + r, base - r / 6}},
                Canvas::Mix(c.Accent(), c.Dark(), 0.5));
    } else {
      for (int k = r; k > 0; k -= 2) {
        const double t = double(k) / r;
        c.Ellipse(cx - (r - k) / 3, base - r - (r - k) / 3, 2 * k, 2 * k, Canvas::Mix(kWhite, c.Main(), t));
      }
    }
  }
}

void DrawVideo(Canvas& c) {
  c.Fill(0, 0, c.W() - 1, c.H() - 1, Rgb{16, 16, 20});
  const int x1 = 30, y1 = 30, x2 = c.W() - 30, y2 = c.H() - 80;
  c.VerticalGradient(x1, y1, x2, y2, Canvas::Mix(c.Main(), c.Accent(), 0.3), c.Dark());
  c.Ellipse(x2 - 150, y1 + 110, 120, 120, Canvas::Mix(c.Accent(), kWhite, 0.4));
  c.Polygon({{x1, y2}, {x1 + 200, y1 + 170}, {x1 + 360, y2}}, Canvas::Mix(c.Dark(), kWhite, 0.1));
  c.Polygon({{x1 + 220, y2}, {x1 + 420, y1 + 130}, {x2, y2}}, Canvas::Mix(c.Dark(), c.Main(), 0.3));
  const int cx = (x1 + x2) / 2, cy = (y1 + y2) / 2;
  c.Ellipse(cx, cy, 96, 96, Rgb{255, 255, 255});
  c.Polygon({{cx - 14, cy - 22}, {cx + 24, cy}, {cx - 14, cy + 22}}, c.Dark());
  c.Fill(x1, y2 + 26, x2, y2 + 32, Rgb{70, 70, 80});
  c.Fill(x1, y2 + 26, x1 + (x2 - x1) * c.Between(20, 70) / 100, y2 + 32, c.Accent());
  for (int i = 0; i < 6; ++i)
    c.Fill(x1 + i * 90, y2 + 44, x1 + i * 90 + 80, y2 + 70, Canvas::Mix(c.Main(), c.Dark(), 0.15 * i));
}

/// A head-and-shoulders silhouette in front of a soft studio background: a photo placeholder.
void DrawPortrait(Canvas& c) {
  c.VerticalGradient(0, 0, c.W() - 1, c.H() - 1, c.Light(), Canvas::Mix(c.Light(), c.Main(), 0.35));
  const int cx = c.W() / 2 + c.Between(-c.W() / 20, c.W() / 20);
  const int head = c.H() * c.Between(30, 36) / 100;
  const Rgb skin = Canvas::Mix(kGrey, c.Accent(), 0.25);
  const Rgb clothes = Canvas::Mix(c.Dark(), c.Main(), c.Between(0, 60) / 100.0);
  // Shoulders, neck, head, hair.
  c.Ellipse(cx, c.H() + c.H() / 8, c.W() * 9 / 10, c.H() * 3 / 4, clothes);
  c.Fill(cx - head / 6, c.H() * 55 / 100, cx + head / 6, c.H() * 72 / 100, Canvas::Mix(skin, c.Dark(), 0.1));
  c.Ellipse(cx, c.H() * 42 / 100, head * 8 / 10, head, skin);
  c.Ellipse(cx, c.H() * 42 / 100 - head * 3 / 10, head * 85 / 100, head / 2,
            Canvas::Mix(c.Dark(), kMidGrey, 0.2));
}

void DrawMark(Canvas& c, std::uint32_t shape) {
  const int side = c.W();
  const int cx = side / 2, cy = side / 2, r = side * 30 / 100;
  const std::size_t ground = c.Below(3);
  switch (ground) {
    case 0:
      c.Fill(0, 0, side - 1, side - 1, c.Light());
      break;
    case 1:
      c.DiagonalGradient(c.Light(), Canvas::Mix(c.Light(), c.Main(), 0.2));
      break;
    default:
      c.Fill(0, 0, side - 1, side - 1, c.Dark());
  }
  // A pale accent would vanish on a light ground: the dark colour stands in for it there.
  const Rgb& pale = c.Accent();
  const Rgb accent = ground != 2 && pale.r + pale.g + pale.b > 600 ? c.Dark() : pale;
  switch (shape % 6) {
    case 0:  // a ring with a dot
      c.Ellipse(cx, cy, 2 * r, 2 * r, c.Main());
      c.Ellipse(cx, cy, r * 6 / 5, r * 6 / 5, c.Light());
      c.Ellipse(cx, cy, r / 2, r / 2, accent);
      break;
    case 1:  // mountains
      c.Polygon({{cx - r, cy + r * 3 / 4}, {cx - r / 4, cy - r}, {cx + r / 2, cy + r * 3 / 4}}, c.Main());
      c.Polygon({{cx - r / 5, cy + r * 3 / 4}, {cx + r / 2, cy - r / 3}, {cx + r, cy + r * 3 / 4}}, accent);
      break;
    case 2:  // stacked tiles
      c.RoundedBox(cx - r, cy - r, cx + r / 4, cy + r / 4, r / 5, c.Main());
      c.RoundedBox(cx - r / 4, cy - r / 4, cx + r, cy + r, r / 5, accent);
      break;
    case 3:  // a diamond
      c.Polygon({{cx, cy - r}, {cx + r, cy}, {cx, cy + r}, {cx - r, cy}}, c.Main());
      c.Polygon({{cx, cy - r / 2}, {cx + r / 2, cy}, {cx, cy + r / 2}, {cx - r / 2, cy}}, accent);
      break;
    case 4:  // a leaf of three petals
      for (int i = 0; i < 3; ++i) {
        c.Ellipse(cx + (i - 1) * r * 2 / 3, cy - (i == 1 ? r / 3 : 0), r, r * 3 / 2,
                  i == 1 ? accent : c.Main());
      }
      break;
    default:  // bars rising
      for (int i = 0; i < 4; ++i) {
        const int x = cx - r + i * r / 2;
        c.RoundedBox(x, cy + r - (i + 1) * r / 2, x + r * 2 / 5, cy + r, r / 10, i == 3 ? accent : c.Main());
      }
  }
}

}  // namespace

std::string DrawLogoMark(std::uint32_t seed, int side) {
  Canvas canvas(side, side, seed);
  // Consecutive seeds differ in shape first, then in palette.
  canvas.UsePalette(seed / 6);
  DrawMark(canvas, seed);
  return canvas.Jpeg();
}

std::string Draw(Picture picture, std::uint32_t seed, int width, int height) {
  Canvas canvas(width, height, seed);
  switch (picture) {
    case Picture::kSite:
      DrawSite(canvas);
      break;
    case Picture::kApp:
      DrawApp(canvas);
      break;
    case Picture::kLogo:
      DrawLogo(canvas);
      break;
    case Picture::kChart:
      DrawChart(canvas);
      break;
    case Picture::kDocument:
      DrawDocument(canvas);
      break;
    case Picture::kScene:
      DrawScene(canvas);
      break;
    case Picture::kVideo:
      DrawVideo(canvas);
      break;
    case Picture::kPortrait:
      DrawPortrait(canvas);
      break;
  }
  return canvas.Jpeg();
}

}  // namespace artel::drawing
