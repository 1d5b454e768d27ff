#pragma once

// The HTTP edge derived from the contract (contract.hpp): a domain binds each operation of its api.yaml to a
// named member function of its edge, one line per route:
//
//   web::Api<Edge> api(app, std::make_shared<Edge>(articles));
//   api.Add("createArticle", &Edge::CreateArticle);
//
//   awaitable<ArticleView> Edge::CreateArticle(const web::Call& call, ArticleInput input);
//
// The binding takes the method, path, access level and body limit from the operation; reads the request body
// (or the query parameters) against the operation's schema, with every field error in one 422; converts it
// into the handler's input type; and writes the handler's answer with the status the contract lists. Input
// and answer types are plain structs described with BOOST_DESCRIBE_STRUCT; Add() checks them against the
// schemas (every property of an input schema has a member, every member of an answer is a property, required
// and nullable agree, types agree) and throws std::logic_error listing every mismatch, so a type and the
// document cannot drift apart unnoticed: start-up and the contract test fail.
//
// A handler may also return web::Reply<T> (a status it picks), web::NoContent (204), web::Done ({}),
// web::Written<T> (a body written ahead from T, e.g. cached with an ETag) or a web::Response (files,
// redirects).
//
// Types an input or answer member may have: std::string, bool, integers, double, TimePoint (date-time text),
// std::vector<T>, std::optional<T> (null), web::Omit<T> (kernel::Omit) (an answer's property that may be left
// out), web::Patch<T> (kernel::Patch) (a PATCH body's property: absent or sent), described structs (objects;
// base classes included), and boost::json::value / object for a part another domain's contract owns (checked
// by that domain).

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/describe/members.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/kernel/json.hpp"
#include "artel/web/app.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/http.hpp"

namespace artel::web {

/// What a bound handler gets besides its typed input: who calls, the path's parameters, the language.
class Call final {
 public:
  explicit Call(Request& request) noexcept : request_(request) {}

  /// The signed-in caller. Operations whose x-access is user or above never run without one.
  const Actor& User() const { return request_.RequireUser(); }
  /// The caller when signed in (operations open to guests).
  const std::optional<Actor>& Viewer() const noexcept { return request_.principal; }
  std::optional<std::int64_t> ViewerId() const {
    return request_.principal ? std::optional<std::int64_t>(request_.principal->user_id) : std::nullopt;
  }
  /// An integer path parameter ({id} with an integer schema).
  std::int64_t Id(std::string_view name = "id") const { return request_.IntParam(name); }
  std::string_view Param(std::string_view name) const { return request_.Param(name); }
  const std::string& Lang() const noexcept { return request_.lang; }
  /// The session token the request carries (cookie or bearer; empty: none), for an operation that looks its
  /// session up itself (`x-session-in-handler`), in the same round trip as its own queries.
  const std::string& SessionToken() const noexcept { return request_.session_token; }
  /// What that lookup found: the caller is signed in as `actor` (the request's principal from now on) …
  void SignedIn(Actor actor) const { request_.principal = std::move(actor); }
  /// … or the token names no live session (`ended_recently`: it ended moments ago); the middleware then
  /// treats the token as one its authenticator refused.
  void NotSignedIn(bool ended_recently) const noexcept { request_.session_ended_recently = ended_recently; }
  /// The request itself, for what no schema describes: an uploaded file's bytes, a header, the address.
  Request& Raw() const noexcept { return request_; }

 private:
  Request& request_;
};

/// An answer whose status the handler picks among those the contract lists (201 created, 200 the same one
/// again).
template <class T>
struct Reply {
  T value;
  int status = 200;
};

/// 204 No Content.
struct NoContent {};

/// `{}`: the contract's `Empty` answer (done, nothing to report).
struct Done {};
BOOST_DESCRIBE_STRUCT(Done, (), ())

/// An answer the domain wrote ahead from a described T (a cached body, with its own headers: an ETag, a
/// 304): the binding checks T against the contract's schema, as for a T the handler returns, and sends the
/// response as it is.
template <class T>
struct Written {
  Response response;
};

/// kernel::Omit<T>: an answer's property left out when empty (not `required` in its schema).
using kernel::Omit;
/// kernel::Patch<T>: a PATCH body's property, merged onto the stored form (absent: unchanged; for a
/// Patch<std::optional<T>>, null clears it). The service applies it (`patch.title.ApplyTo(form.title)`) and
/// checks the merged form, so the rules of a full form hold for an edit too.
using kernel::Patch;

namespace api_detail {

template <class T>
struct ReplyOf {
  static constexpr bool kIs = false;
  using Type = T;
};
template <class T>
struct ReplyOf<Reply<T>> {
  static constexpr bool kIs = true;
  using Type = T;
};
template <class T>
struct WrittenOf {
  static constexpr bool kIs = false;
};
template <class T>
struct WrittenOf<Written<T>> {
  static constexpr bool kIs = true;
  using Type = T;
};

/// The handler's one input type (void when it takes none).
template <class... In>
struct InputOf {
  using Type = void;
};
template <class In>
struct InputOf<In> {
  using Type = std::decay_t<In>;
};

enum class Direction { kInput, kAnswer };

struct Problems {
  std::vector<std::string> list;
  void Add(std::string problem) { list.push_back(std::move(problem)); }
};

inline bool Admits(const std::vector<std::string>& types, std::string_view type) {
  if (types.empty()) return true;
  for (const auto& name : types) {
    if (name == type || (type == "integer" && name == "number")) return true;
  }
  return false;
}

template <class T>
void Conform(const Contract& contract, const boost::json::object& schema, const std::string& where,
             Direction direction, Problems& problems);

template <class T>
void ConformObject(const Contract& contract, const boost::json::object& raw, const std::string& where,
                   Direction direction, Problems& problems) {
  const auto& schema = contract.Resolve(raw);
  const auto* properties = schema.if_contains("properties");
  const auto* required = schema.if_contains("required");
  auto is_required = [&](std::string_view name) {
    if (required == nullptr || !required->is_array()) return false;
    for (const auto& entry : required->get_array()) {
      if (entry.is_string() && entry.get_string() == name) return true;
    }
    return false;
  };
  const boost::json::object empty;
  const auto& props = properties != nullptr && properties->is_object() ? properties->get_object() : empty;
  std::vector<std::string_view> members;
  boost::mp11::mp_for_each<kernel::json_detail::Members<T>>([&](auto member) {
    using Field = std::decay_t<decltype(std::declval<T&>().*member.pointer)>;
    members.emplace_back(member.name);
    const std::string at = where + "." + member.name;
    const auto* property = props.if_contains(member.name);
    if (property == nullptr || !property->is_object()) {
      // An input may carry what only the domain fills in; an answer says nothing the document does not.
      if (direction == Direction::kAnswer) problems.Add(at + ": a member the schema has no property for");
      return;
    }
    const auto& property_schema = property->get_object();
    if (direction == Direction::kAnswer) {
      if (kernel::json_detail::OmitOf<Field>::kIs && is_required(member.name)) {
        problems.Add(at + ": the property is required, so it cannot be left out (web::Omit)");
      }
      if (kernel::json_detail::OptionalOf<Field>::kIs && !contract.Nullable(property_schema)) {
        problems.Add(at + ": std::optional writes null, which the schema does not admit");
      }
    }
    if constexpr (kernel::json_detail::PatchOf<Field>::kIs) {
      using Patched = typename kernel::json_detail::PatchOf<Field>::Type;
      if (direction == Direction::kAnswer) {
        problems.Add(at + ": web::Patch is a PATCH body's property, not an answer's");
      } else if (kernel::json_detail::OptionalOf<Patched>::kIs != contract.Nullable(property_schema)) {
        problems.Add(at +
                     (kernel::json_detail::OptionalOf<Patched>::kIs
                          ? ": Patch<std::optional> clears on null, which the schema does not admit"
                          : ": the schema admits null (clear it), which a Patch of a non-optional ignores"));
      }
      Conform<Patched>(contract, property_schema, at, direction, problems);
    } else if constexpr (kernel::json_detail::OptionalOf<Field>::kIs) {
      Conform<typename kernel::json_detail::OptionalOf<Field>::Type>(contract, property_schema, at, direction,
                                                                     problems);
    } else if constexpr (kernel::json_detail::OmitOf<Field>::kIs) {
      Conform<typename kernel::json_detail::OmitOf<Field>::Type>(contract, property_schema, at, direction,
                                                                 problems);
    } else {
      Conform<Field>(contract, property_schema, at, direction, problems);
    }
  });
  for (const auto& [name, unused] : props) {
    if (std::find(members.begin(), members.end(), std::string_view(name)) != members.end()) continue;
    // An input property nobody reads would be dropped in silence; an answer must have every required one.
    if (direction == Direction::kInput || is_required(name)) {
      problems.Add(where + "." + std::string(name) + ": a property of the schema without a member");
    }
  }
}

/// A std::variant answer against the schema's oneOf: as many alternatives (besides null), each conforming to
/// the type in the same place.
template <class... T>
void ConformVariant(const Contract& contract, const boost::json::object& schema, const std::string& where,
                    Direction direction, Problems& problems, std::variant<T...>*) {
  if (direction == Direction::kInput) {
    problems.Add(where + ": a std::variant is an answer's type, not an input's");
    return;
  }
  const auto& resolved = contract.Resolve(schema);
  const auto* one_of = resolved.if_contains("oneOf");
  std::vector<const boost::json::object*> alternatives;
  if (one_of != nullptr && one_of->is_array()) {
    for (const auto& alternative : one_of->get_array()) {
      if (!alternative.is_object()) continue;
      const auto types = contract.Types(alternative.get_object());
      if (types.empty() && contract.Nullable(alternative.get_object())) continue;  // {type: "null"}
      alternatives.push_back(&alternative.get_object());
    }
  }
  if (alternatives.size() != sizeof...(T)) {
    problems.Add(where + ": a std::variant of " + std::to_string(sizeof...(T)) +
                 " types, the schema's oneOf has " + std::to_string(alternatives.size()) + " alternatives");
    return;
  }
  std::size_t index = 0;
  ((Conform<T>(contract, *alternatives[index], where + ".oneOf[" + std::to_string(index) + "]", direction,
               problems),
    ++index),
   ...);
}

template <class T>
void Conform(const Contract& contract, const boost::json::object& schema, const std::string& where,
             Direction direction, Problems& problems) {
  const auto types = contract.Types(schema);
  auto expect = [&](std::string_view type) {
    if (!Admits(types, type)) problems.Add(where + ": the schema does not admit " + std::string(type));
  };
  if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, TimePoint>) {
    expect("string");
  } else if constexpr (std::is_same_v<T, bool>) {
    expect("boolean");
  } else if constexpr (std::is_integral_v<T>) {
    expect("integer");
  } else if constexpr (std::is_floating_point_v<T>) {
    expect("number");
  } else if constexpr (std::is_same_v<T, boost::json::value>) {
    // Owned by another part of the contract.
  } else if constexpr (std::is_same_v<T, boost::json::object>) {
    expect("object");
  } else if constexpr (kernel::json_detail::OptionalOf<T>::kIs) {
    Conform<typename kernel::json_detail::OptionalOf<T>::Type>(contract, schema, where, direction, problems);
  } else if constexpr (kernel::json_detail::PatchOf<T>::kIs) {
    // Not a property (ConformObject checks those): a Patch anywhere else binds nothing.
    problems.Add(where + ": web::Patch belongs to a PATCH body's properties");
  } else if constexpr (kernel::json_detail::VectorOf<T>::kIs) {
    expect("array");
    const auto& resolved = contract.Resolve(schema);
    if (const auto* items = resolved.if_contains("items"); items != nullptr && items->is_object()) {
      Conform<typename kernel::json_detail::VectorOf<T>::Type>(contract, items->get_object(), where + "[]",
                                                               direction, problems);
    }
  } else if constexpr (kernel::json_detail::VariantOf<T>::kIs) {
    ConformVariant(contract, schema, where, direction, problems, static_cast<T*>(nullptr));
  } else if constexpr (kernel::json_detail::kDescribed<T>) {
    expect("object");
    ConformObject<T>(contract, schema, where, direction, problems);
  } else {
    static_assert(kernel::json_detail::kUnsupported<T>,
                  "web::Api: a type the contract binding does not know");
  }
}

template <class Query>
void ConformQuery(const Contract& contract, const Operation& operation, Problems& problems) {
  std::vector<std::string_view> members;
  boost::mp11::mp_for_each<kernel::json_detail::Members<Query>>([&](auto member) {
    using Field = std::decay_t<decltype(std::declval<Query&>().*member.pointer)>;
    members.emplace_back(member.name);
    const auto found =
        std::find_if(operation.query.begin(), operation.query.end(),
                     [&](const QueryParameter& parameter) { return parameter.name == member.name; });
    if (found == operation.query.end()) {
      problems.Add(std::string("query.") + member.name + ": no query parameter of that name");
      return;
    }
    Conform<Field>(contract, *found->schema, std::string("query.") + member.name, Direction::kInput,
                   problems);
  });
  for (const auto& parameter : operation.query) {
    if (std::find(members.begin(), members.end(), std::string_view(parameter.name)) == members.end()) {
      problems.Add("query." + parameter.name + ": a parameter without a member");
    }
  }
}

/// Every mismatch between the handler's types and the operation; std::logic_error when there is one.
template <class Out, class... In>
void CheckBinding(const Contract& contract, const Operation& operation) {
  Problems problems;
  if constexpr (std::is_same_v<Out, Response>) {
    // The handler writes the answer itself (files, redirects).
  } else if constexpr (std::is_same_v<Out, NoContent>) {
    if (operation.status != 204 || operation.response != nullptr) {
      problems.Add(
          operation.status != 204
              ? "answer: the handler answers 204, the contract lists " + std::to_string(operation.status)
              : std::string("answer: the handler answers 204 without a body, the contract lists one"));
    }
  } else if (operation.response == nullptr) {
    problems.Add("answer: the contract lists no JSON answer for status " + std::to_string(operation.status));
  } else if constexpr (WrittenOf<Out>::kIs) {
    Conform<typename WrittenOf<Out>::Type>(contract, *operation.response, "answer", Direction::kAnswer,
                                           problems);
  } else {
    Conform<typename ReplyOf<Out>::Type>(contract, *operation.response, "answer", Direction::kAnswer,
                                         problems);
  }
  if constexpr (sizeof...(In) == 0) {
    if (operation.body != nullptr)
      problems.Add("body: the operation has a JSON body the handler does not take");
    if (!operation.query.empty())
      problems.Add("query: the operation has parameters the handler does not take");
  } else {
    using Input = typename api_detail::InputOf<In...>::Type;
    if (operation.body != nullptr) {
      Conform<Input>(contract, *operation.body, "body", Direction::kInput, problems);
    } else if (!operation.query.empty()) {
      ConformQuery<Input>(contract, operation, problems);
    } else {
      problems.Add("input: the operation has neither a JSON body nor query parameters");
    }
  }
  if (problems.list.empty()) return;
  std::string text = "contract: operation " + operation.id + " (" +
                     std::string(MethodName(operation.method)) + " " + operation.path +
                     ") and its handler disagree:";
  for (const auto& problem : problems.list) text += "\n  " + problem;
  throw std::logic_error(text);
}

template <class Input>
Input ReadInput(const Contract& contract, const Operation& operation, const Request& request) {
  ValidationErrors errors;
  Input input{};
  if (operation.body != nullptr) {
    boost::json::value body =
        operation.form_body && request.HasFormBody() ? request.FormBody() : request.JsonBody();
    contract.CheckBody(operation, body, errors);
    errors.ThrowIfAny();
    kernel::FromJson(body, input);
  } else {
    boost::json::value query = contract.ReadQuery(operation, request, errors);
    errors.ThrowIfAny();
    kernel::FromJson(query, input);
  }
  return input;
}

template <class Out>
Response Respond(Out&& out, int status) {
  using T = std::decay_t<Out>;
  if constexpr (std::is_same_v<T, Response>) {
    return std::forward<Out>(out);
  } else if constexpr (std::is_same_v<T, NoContent>) {
    return Response::NoContent();
  } else if constexpr (WrittenOf<T>::kIs) {
    return std::move(out.response);
  } else if constexpr (ReplyOf<T>::kIs) {
    return Response::Json(kernel::ToJson(out.value), out.status);
  } else {
    return Response::Json(kernel::ToJson(out), status);
  }
}

}  // namespace api_detail

struct ApiOptions {
  /// What `x-body-limit: upload` means for this domain (its configured largest upload).
  std::size_t upload_limit = 0;
};

/// Binds a domain's operations to the named member functions of its edge: one object that holds the services
/// the handlers call, kept alive by the routes bound to it.
template <class Edge>
class Api final {
 public:
  Api(App& app, std::shared_ptr<Edge> edge, ApiOptions options = {})
      : app_(app), edge_(std::move(edge)), options_(options) {}

  template <class Out, class... In>
  void Add(std::string_view operation_id, boost::asio::awaitable<Out> (Edge::*handler)(const Call&, In...)) {
    static_assert(sizeof...(In) <= 1,
                  "a handler takes the call and at most one input (the body or the query)");
    const Contract& contract = app_.GetContract();
    const Operation& operation = contract.Find(operation_id);
    api_detail::CheckBinding<Out, In...>(contract, operation);
    RouteOptions route;
    route.access = operation.access;
    route.foreign_client = operation.foreign_client;
    route.browser_resource = operation.browser_resource;
    route.rate_limit = operation.rate_limit;
    route.session_in_handler = operation.session_in_handler;
    if (operation.body_limit) route.body_limit = *operation.body_limit;
    if (operation.upload_limit) {
      if (options_.upload_limit == 0) {
        throw std::logic_error("contract: " + operation.id +
                               " says x-body-limit: upload; give ApiOptions::upload_limit");
      }
      route.body_limit = options_.upload_limit;
    }
    const Operation* bound = &operation;
    app_.GetRouter().Add(
        operation.method, operation.pattern,
        [edge = edge_, handler, bound, &contract](Request& request) -> boost::asio::awaitable<Response> {
          const Call call(request);
          if constexpr (sizeof...(In) == 0) {
            Out out = co_await (edge.get()->*handler)(call);
            co_return api_detail::Respond(std::move(out), bound->status);
          } else {
            using Input = typename api_detail::InputOf<In...>::Type;
            Input input = api_detail::ReadInput<Input>(contract, *bound, request);
            Out out = co_await (edge.get()->*handler)(call, std::move(input));
            co_return api_detail::Respond(std::move(out), bound->status);
          }
        },
        route);
  }

 private:
  App& app_;
  std::shared_ptr<Edge> edge_;
  ApiOptions options_;
};

}  // namespace artel::web
