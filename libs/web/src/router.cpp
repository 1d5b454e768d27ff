#include "artel/web/router.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>

namespace artel::web {
namespace {

/// int64 holds every 18-digit number; longer ones cannot be ids.
constexpr std::size_t kMaxIntDigits = 18;

enum class SegmentKind : std::uint8_t { kLiteral, kInt, kString };

struct Segment {
  SegmentKind kind = SegmentKind::kLiteral;
  std::string text;  // the literal, or the parameter name
};

std::vector<std::string_view> SplitPath(std::string_view path) {
  std::vector<std::string_view> segments;
  if (path.empty() || path.front() != '/') return segments;
  path.remove_prefix(1);
  if (path.empty()) return segments;
  while (true) {
    auto slash = path.find('/');
    segments.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return segments;
}

std::vector<Segment> CompilePattern(std::string_view pattern) {
  if (pattern.empty() || pattern.front() != '/') {
    throw std::logic_error(fmt::format("route pattern '{}' must start with '/'", pattern));
  }
  std::vector<Segment> segments;
  for (std::string_view part : SplitPath(pattern)) {
    if (part.empty()) throw std::logic_error(fmt::format("route pattern '{}' has an empty segment", pattern));
    if (part.front() != '{') {
      if (part.find_first_of("{}") != std::string_view::npos) {
        throw std::logic_error(fmt::format("route pattern '{}': braces must span a whole segment", pattern));
      }
      segments.push_back({SegmentKind::kLiteral, std::string(part)});
      continue;
    }
    if (part.back() != '}' || part.size() < 3) {
      throw std::logic_error(fmt::format("route pattern '{}': malformed parameter '{}'", pattern, part));
    }
    std::string_view inner = part.substr(1, part.size() - 2);
    SegmentKind kind = SegmentKind::kString;
    if (auto colon = inner.find(':'); colon != std::string_view::npos) {
      if (inner.substr(colon + 1) != "int") {
        throw std::logic_error(fmt::format("route pattern '{}': unknown constraint in '{}'", pattern, part));
      }
      kind = SegmentKind::kInt;
      inner = inner.substr(0, colon);
    }
    if (inner.empty() || inner.find_first_of("{}/") != std::string_view::npos) {
      throw std::logic_error(fmt::format("route pattern '{}': malformed parameter '{}'", pattern, part));
    }
    for (const Segment& earlier : segments) {
      if (earlier.kind != SegmentKind::kLiteral && earlier.text == inner) {
        throw std::logic_error(fmt::format("route pattern '{}' repeats parameter '{}'", pattern, inner));
      }
    }
    segments.push_back({kind, std::string(inner)});
  }
  return segments;
}

bool IsIntSegment(std::string_view segment) noexcept {
  return !segment.empty() && segment.size() <= kMaxIntDigits &&
         std::all_of(segment.begin(), segment.end(), [](char c) { return c >= '0' && c <= '9'; });
}

struct Route {
  Handler handler;
  RouteOptions options;
  std::string pattern;
  /// Names of the pattern's parameters, in path order.
  std::vector<std::string> param_names;
};

struct Node {
  std::map<std::string, std::unique_ptr<Node>, std::less<>> literals;
  std::unique_ptr<Node> int_param;
  std::unique_ptr<Node> string_param;
  std::map<Method, Route> routes;
};

struct Search {
  Method method;
  const std::vector<std::string_view>& segments;
  std::vector<std::string_view> values;
  const Route* found = nullptr;
  bool path_exists = false;
};

const Route* RouteFor(const Node& node, Method method) {
  auto it = node.routes.find(method);
  if (it == node.routes.end() && method == Method::kHead) it = node.routes.find(Method::kGet);
  return it == node.routes.end() ? nullptr : &it->second;
}

/// Depth-first in precedence order (literal, then int, then string parameter), so that a more specific
/// route wins and a dead end under a literal still falls back to a parameter at the same depth.
bool Walk(const Node& node, std::size_t depth, Search& search) {
  if (depth == search.segments.size()) {
    if (node.routes.empty()) return false;
    search.path_exists = true;
    search.found = RouteFor(node, search.method);
    return search.found != nullptr;
  }
  std::string_view segment = search.segments[depth];
  if (auto it = node.literals.find(segment); it != node.literals.end()) {
    if (Walk(*it->second, depth + 1, search)) return true;
  }
  if (segment.empty()) return false;
  auto try_param = [&](const std::unique_ptr<Node>& child) {
    if (!child) return false;
    search.values.push_back(segment);
    if (Walk(*child, depth + 1, search)) return true;
    search.values.pop_back();
    return false;
  };
  if (IsIntSegment(segment) && try_param(node.int_param)) return true;
  return try_param(node.string_param);
}

void Collect(const Node& node, std::vector<RouteInfo>& out) {
  for (const auto& [method, route] : node.routes) out.push_back({method, route.pattern, route.options});
  for (const auto& [literal, child] : node.literals) Collect(*child, out);
  if (node.int_param) Collect(*node.int_param, out);
  if (node.string_param) Collect(*node.string_param, out);
}

}  // namespace

struct Router::Impl {
  Node root;
};

Router::Router() : impl_(std::make_unique<Impl>()) {}

Router::~Router() = default;

void Router::Add(Method method, std::string_view pattern, Handler handler, RouteOptions options) {
  if (method == Method::kOther) throw std::logic_error("routes need a concrete method");
  if (!handler)
    throw std::logic_error(fmt::format("route {} {} has no handler", MethodName(method), pattern));
  if (options.session_in_handler && options.access != Access::kGuest) {
    // The access check runs before the handler, so it would see no principal yet.
    throw std::logic_error(fmt::format("route {} {} looks the session up itself, so its access must be guest",
                                       MethodName(method), pattern));
  }
  Route route{std::move(handler), options, std::string(pattern), {}};
  Node* node = &impl_->root;
  for (Segment& segment : CompilePattern(pattern)) {
    std::unique_ptr<Node>* child = nullptr;
    switch (segment.kind) {
      case SegmentKind::kLiteral:
        child = &node->literals[segment.text];
        break;
      case SegmentKind::kInt:
        child = &node->int_param;
        break;
      case SegmentKind::kString:
        child = &node->string_param;
        break;
    }
    if (segment.kind != SegmentKind::kLiteral) route.param_names.push_back(std::move(segment.text));
    if (!*child) *child = std::make_unique<Node>();
    node = child->get();
  }
  auto [it, inserted] = node->routes.try_emplace(method, std::move(route));
  if (!inserted) {
    throw std::logic_error(fmt::format("duplicate route {} {} (already registered as {})", MethodName(method),
                                       pattern, it->second.pattern));
  }
}

Router::Match Router::Find(Method method, std::string_view path) const {
  Match match;
  std::vector<std::string_view> segments = SplitPath(path);
  if (path.empty() || path.front() != '/') return match;
  Search search{method, segments, {}, nullptr, false};
  Walk(impl_->root, 0, search);
  match.path_exists = search.path_exists;
  if (search.found == nullptr) return match;
  match.handler = &search.found->handler;
  match.options = &search.found->options;
  match.params.reserve(search.values.size());
  for (std::size_t i = 0; i < search.values.size(); ++i) {
    match.params.emplace_back(search.found->param_names[i], std::string(search.values[i]));
  }
  return match;
}

std::string_view AccessName(Access access) noexcept {
  switch (access) {
    case Access::kGuest:
      return "guest";
    case Access::kUser:
      return "user";
    case Access::kVerifiedUser:
      return "verified_user";
    case Access::kAdmin:
      return "admin";
  }
  return "guest";
}

std::vector<RouteInfo> Router::Routes() const {
  std::vector<RouteInfo> routes;
  Collect(impl_->root, routes);
  std::sort(routes.begin(), routes.end(), [](const RouteInfo& a, const RouteInfo& b) {
    return a.pattern != b.pattern ? a.pattern < b.pattern : a.method < b.method;
  });
  return routes;
}

}  // namespace artel::web
