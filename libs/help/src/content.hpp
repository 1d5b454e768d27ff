#pragma once

// The demo texts of libs/help/content, compiled in (CMake's configure_file), so `artel seed-demo` needs no
// data files at run time.

#include <string_view>
#include <vector>

namespace artel::help {

struct ContentFile {
  std::string_view name;  // relative to libs/help/content, e.g. "pages/about.ru.md"
  std::string_view text;
};

const std::vector<ContentFile>& ContentFiles();

}  // namespace artel::help
