#pragma once

// Pictures for the demo data (`artel seed-demo`), drawn with libgd: simple, believable and text-free
// compositions (a website in a browser window, an app on a phone, a logo, a chart, a document, a 3D scene, a
// video frame) for the portfolios, a portrait silhouette for the resumes' photos, and square company logos;
// the same for the same seed.

#include <cstdint>
#include <string>

namespace artel::drawing {

enum class Picture : std::uint8_t { kSite, kApp, kLogo, kChart, kDocument, kScene, kVideo, kPortrait };

/// A JPEG of `width`×`height`. Throws std::runtime_error when libgd cannot allocate or encode.
std::string Draw(Picture picture, std::uint32_t seed, int width = 560, int height = 420);

/// A company's logo: a JPEG of `side`×`side`, a mark of one of six shapes (seed % 6) in one of six palettes
/// (seed / 6) on a plain or gradient ground, so the seeds 0 to 35 all differ. Throws std::runtime_error when
/// libgd cannot allocate or encode.
std::string DrawLogoMark(std::uint32_t seed, int side = 256);

}  // namespace artel::drawing
