#pragma once

// Pictures for the demo data, drawn with libgd: simple, believable and text-free compositions (a website in a
// browser window, an app on a phone, a logo, a chart, a document, a 3D scene, a video frame; a portrait
// silhouette for the demo resumes' photos), the same for the same seed. Other domains' demo seeders draw
// through this header rather than their own copies.

#include <cstdint>
#include <string>

namespace artel::profiles::demo {

enum class Picture : std::uint8_t { kSite, kApp, kLogo, kChart, kDocument, kScene, kVideo, kPortrait };

/// A JPEG of `width`×`height`. Throws std::runtime_error when libgd cannot allocate or encode.
std::string Draw(Picture picture, std::uint32_t seed, int width = 560, int height = 420);

}  // namespace artel::profiles::demo
