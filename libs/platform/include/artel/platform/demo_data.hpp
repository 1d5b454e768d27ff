#pragma once

// The demo seeders' data files: the tables of believable demo content (vacancies in two languages ...) live
// beside their library as YAML (libs/<domain>/demo/*.yaml), compiled in with artel_embed_text
// (cmake/ArtelLibrary.cmake), and the seeder reads them here. A file is a sequence of mappings, one per row.
// A row that lacks a required key, has one of the wrong type or a key nobody reads stops the seeder with the
// file's name, the row's number and the key: demo data is part of the build, never guessed at.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace artel::platform {

class DemoRow final {
 public:
  struct Impl;
  explicit DemoRow(std::shared_ptr<const Impl> impl);

  /// A required string (a scalar).
  std::string Text(std::string_view key) const;
  /// A string, or `fallback` when the key is absent.
  std::string TextOr(std::string_view key, std::string_view fallback) const;
  /// A required integer.
  std::int64_t Int(std::string_view key) const;
  /// An integer, or nullopt when the key is absent.
  std::optional<std::int64_t> OptionalInt(std::string_view key) const;
  /// A required boolean (true/false).
  bool Bool(std::string_view key) const;
  /// A boolean, or nullopt when the key is absent.
  std::optional<bool> OptionalBool(std::string_view key) const;
  /// A sequence of integers ([1, 2, 3]); empty when the key is absent.
  std::vector<std::int64_t> Ints(std::string_view key) const;
  /// A sequence of strings; empty when the key is absent.
  std::vector<std::string> Texts(std::string_view key) const;
  /// A nested mapping with no keys but `keys`, or nullopt when the key is absent.
  std::optional<DemoRow> Child(std::string_view key, const std::vector<std::string_view>& keys) const;
  /// A nested sequence of mappings with no keys but `keys`; empty when the key is absent.
  std::vector<DemoRow> Rows(std::string_view key, const std::vector<std::string_view>& keys) const;

 private:
  std::shared_ptr<const Impl> impl_;
};

/// The rows of `yaml` (named `source` in errors: "libs/vacancies/demo/vacancies.yaml"). `keys`: every key a
/// row may have; a row with any other (a misspelt one) is refused. std::runtime_error for text that is no
/// sequence of mappings, or for such a row.
std::vector<DemoRow> ReadDemoRows(std::string_view yaml, std::string_view source,
                                  const std::vector<std::string_view>& keys);

}  // namespace artel::platform
