#include "artel/platform/demo_data.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>

namespace artel::platform {

struct DemoRow::Impl {
  YAML::Node node;
  /// "libs/vacancies/demo/vacancies.yaml row 3" (and ".salary" for a nested mapping).
  std::string where;
};

namespace {

[[noreturn]] void Fail(const DemoRow::Impl& row, std::string_view key, std::string_view expected) {
  throw std::runtime_error(fmt::format("{}: `{}` must be {}", row.where, key, expected));
}

YAML::Node Find(const DemoRow::Impl& row, std::string_view key) {
  return row.node[std::string(key)];
}

template <class T>
T As(const DemoRow::Impl& row, std::string_view key, const YAML::Node& node, std::string_view expected) {
  if (!node.IsScalar()) Fail(row, key, expected);
  try {
    return node.as<T>();
  } catch (const YAML::Exception&) {
    Fail(row, key, expected);
  }
}

/// Refuses a key of the mapping `node` (at `where`) outside `keys`: a misspelt key is never silently unread.
void CheckKeys(const YAML::Node& node, const std::string& where, const std::vector<std::string_view>& keys) {
  for (const auto& entry : node) {
    const auto key = entry.first.as<std::string>();
    if (std::ranges::find(keys, std::string_view(key)) == keys.end()) {
      throw std::runtime_error(fmt::format("{}: unknown key `{}`", where, key));
    }
  }
}

}  // namespace

DemoRow::DemoRow(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

std::string DemoRow::Text(std::string_view key) const {
  auto node = Find(*impl_, key);
  if (!node) Fail(*impl_, key, "a string");
  return As<std::string>(*impl_, key, node, "a string");
}

std::string DemoRow::TextOr(std::string_view key, std::string_view fallback) const {
  auto node = Find(*impl_, key);
  if (!node) return std::string(fallback);
  return As<std::string>(*impl_, key, node, "a string");
}

std::int64_t DemoRow::Int(std::string_view key) const {
  auto node = Find(*impl_, key);
  if (!node) Fail(*impl_, key, "an integer");
  return As<std::int64_t>(*impl_, key, node, "an integer");
}

std::optional<std::int64_t> DemoRow::OptionalInt(std::string_view key) const {
  auto node = Find(*impl_, key);
  if (!node) return std::nullopt;
  return As<std::int64_t>(*impl_, key, node, "an integer");
}

bool DemoRow::Bool(std::string_view key) const {
  auto node = Find(*impl_, key);
  if (!node) Fail(*impl_, key, "true or false");
  return As<bool>(*impl_, key, node, "true or false");
}

std::optional<bool> DemoRow::OptionalBool(std::string_view key) const {
  auto node = Find(*impl_, key);
  if (!node) return std::nullopt;
  return As<bool>(*impl_, key, node, "true or false");
}

std::vector<std::int64_t> DemoRow::Ints(std::string_view key) const {
  auto node = Find(*impl_, key);
  std::vector<std::int64_t> values;
  if (!node) return values;
  if (!node.IsSequence()) Fail(*impl_, key, "a sequence of integers");
  for (const auto& item : node)
    values.push_back(As<std::int64_t>(*impl_, key, item, "a sequence of integers"));
  return values;
}

std::vector<std::string> DemoRow::Texts(std::string_view key) const {
  auto node = Find(*impl_, key);
  std::vector<std::string> values;
  if (!node) return values;
  if (!node.IsSequence()) Fail(*impl_, key, "a sequence of strings");
  for (const auto& item : node) values.push_back(As<std::string>(*impl_, key, item, "a sequence of strings"));
  return values;
}

std::optional<DemoRow> DemoRow::Child(std::string_view key, const std::vector<std::string_view>& keys) const {
  auto node = Find(*impl_, key);
  if (!node) return std::nullopt;
  if (!node.IsMap()) Fail(*impl_, key, "a mapping");
  auto where = fmt::format("{}.{}", impl_->where, key);
  CheckKeys(node, where, keys);
  return DemoRow(std::make_shared<const Impl>(Impl{node, std::move(where)}));
}

std::vector<DemoRow> DemoRow::Rows(std::string_view key, const std::vector<std::string_view>& keys) const {
  auto node = Find(*impl_, key);
  std::vector<DemoRow> rows;
  if (!node) return rows;
  if (!node.IsSequence()) Fail(*impl_, key, "a sequence of mappings");
  std::size_t index = 0;
  for (const auto& item : node) {
    ++index;
    if (!item.IsMap()) Fail(*impl_, key, "a sequence of mappings");
    auto where = fmt::format("{}.{}[{}]", impl_->where, key, index);
    CheckKeys(item, where, keys);
    rows.emplace_back(std::make_shared<const Impl>(Impl{item, std::move(where)}));
  }
  return rows;
}

std::vector<DemoRow> ReadDemoRows(std::string_view yaml, std::string_view source,
                                  const std::vector<std::string_view>& keys) {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(yaml));
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(fmt::format("{}: {}", source, e.what()));
  }
  if (!root.IsSequence()) throw std::runtime_error(fmt::format("{}: expected a sequence of rows", source));
  std::vector<DemoRow> rows;
  std::size_t index = 0;
  for (const auto& item : root) {
    ++index;
    const std::string where = fmt::format("{} row {}", source, index);
    if (!item.IsMap()) throw std::runtime_error(fmt::format("{}: expected a mapping", where));
    CheckKeys(item, where, keys);
    rows.emplace_back(std::make_shared<const DemoRow::Impl>(DemoRow::Impl{item, where}));
  }
  return rows;
}

}  // namespace artel::platform
