#pragma once

// JSON for plain structs described with BOOST_DESCRIBE_STRUCT, both ways, without a hand-written reader or
// writer: the answers and inputs of the contract-first HTTP edge (libs/web/include/artel/web/api.hpp), audit
// snapshots, anything that has the shape of its struct.
//
// Supported member types: std::string, bool, integers, double, TimePoint (the API's date-time text),
// std::vector<T>, std::optional<T> (null when empty), kernel::Omit<T> (left out when empty), kernel::Patch<T>
// (FromJson only: a PATCH body's property, absent or sent), std::variant of described structs (ToJson only:
// an answer that is one of several shapes, the schema's oneOf), described structs (their base classes'
// members included), and boost::json::value / object (a part built elsewhere). FromJson expects JSON that a
// schema has checked (types right); a member whose key is absent or null keeps its default.

#include <boost/describe/members.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/time.hpp"

namespace artel::kernel {

/// An answer's property that is left out when empty (not `required` in its schema); a std::optional member
/// is written as null instead.
template <class T>
struct Omit : std::optional<T> {
  using std::optional<T>::optional;
  using std::optional<T>::operator=;
};

/// A PATCH body's property, merged onto the stored form: absent keeps the stored value; present replaces it
/// (for a Patch<std::optional<T>>, null clears it; for any other T a null counts as absent). Absent is not
/// null: `{"salary": null}` clears the salary, `{}` leaves it. FromJson only (an input, never an answer).
template <class T>
struct Patch {
  bool present = false;
  T value{};

  explicit operator bool() const noexcept { return present; }
  /// The stored value, replaced when the property was sent.
  void ApplyTo(T& stored) const {
    if (present) stored = value;
  }
};

namespace json_detail {

template <class T>
struct OptionalOf {
  static constexpr bool kIs = false;
};
template <class T>
struct OptionalOf<std::optional<T>> {
  static constexpr bool kIs = true;
  using Type = T;
};
template <class T>
struct OmitOf {
  static constexpr bool kIs = false;
};
template <class T>
struct OmitOf<Omit<T>> {
  static constexpr bool kIs = true;
  using Type = T;
};
template <class T>
struct PatchOf {
  static constexpr bool kIs = false;
};
template <class T>
struct PatchOf<Patch<T>> {
  static constexpr bool kIs = true;
  using Type = T;
};
template <class T>
struct VectorOf {
  static constexpr bool kIs = false;
};
template <class T>
struct VectorOf<std::vector<T>> {
  static constexpr bool kIs = true;
  using Type = T;
};
template <class T>
struct VariantOf {
  static constexpr bool kIs = false;
};
template <class... T>
struct VariantOf<std::variant<T...>> {
  static constexpr bool kIs = true;
};
template <class T>
constexpr bool kDescribed = boost::describe::has_describe_members<T>::value;
template <class T>
constexpr bool kOpaque = std::is_same_v<T, boost::json::value> || std::is_same_v<T, boost::json::object>;

template <class T>
using Members =
    boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;

template <class T>
constexpr bool kUnsupported = false;

}  // namespace json_detail

/// A value of a supported type (see the top of this file) as JSON.
template <class T>
boost::json::value ToJson(const T& value) {
  using namespace json_detail;
  if constexpr (std::is_same_v<T, std::string>) {
    return boost::json::string(value);
  } else if constexpr (std::is_same_v<T, bool>) {
    return value;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<std::int64_t>(value);
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<double>(value);
  } else if constexpr (std::is_same_v<T, TimePoint>) {
    return boost::json::string(IsoTime(value));
  } else if constexpr (kOpaque<T>) {
    return value;
  } else if constexpr (OptionalOf<T>::kIs) {
    return value ? ToJson(*value) : boost::json::value(nullptr);
  } else if constexpr (VectorOf<T>::kIs) {
    boost::json::array array;
    array.reserve(value.size());
    for (const auto& item : value) array.push_back(ToJson(item));
    return array;
  } else if constexpr (VariantOf<T>::kIs) {
    return std::visit([](const auto& alternative) { return ToJson(alternative); }, value);
  } else if constexpr (kDescribed<T>) {
    boost::json::object object;
    boost::mp11::mp_for_each<Members<T>>([&](auto member) {
      const auto& field = value.*member.pointer;
      using Field = std::decay_t<decltype(field)>;
      if constexpr (OmitOf<Field>::kIs) {
        if (field) object[member.name] = ToJson(*field);
      } else {
        object[member.name] = ToJson(field);
      }
    });
    return object;
  } else {
    static_assert(kUnsupported<T>, "kernel::ToJson: a type the contract binding does not know");
  }
}

/// JSON a schema has checked, into a value of a supported type. A member whose property is absent or null
/// keeps its default.
template <class T>
void FromJson(const boost::json::value& json, T& out) {
  using namespace json_detail;
  if constexpr (std::is_same_v<T, std::string>) {
    out = std::string(json.as_string());
  } else if constexpr (std::is_same_v<T, bool>) {
    out = json.as_bool();
  } else if constexpr (std::is_integral_v<T>) {
    out = static_cast<T>(json.as_int64());
  } else if constexpr (std::is_floating_point_v<T>) {
    out = static_cast<T>(json.is_double() ? json.get_double() : static_cast<double>(json.as_int64()));
  } else if constexpr (std::is_same_v<T, TimePoint>) {
    out = ParseIsoTime(json.as_string()).value();
  } else if constexpr (std::is_same_v<T, boost::json::value>) {
    out = json;
  } else if constexpr (std::is_same_v<T, boost::json::object>) {
    out = json.as_object();
  } else if constexpr (OptionalOf<T>::kIs || OmitOf<T>::kIs) {
    if (json.is_null()) {
      out.reset();
    } else {
      typename std::conditional_t<OptionalOf<T>::kIs, OptionalOf<T>, OmitOf<T>>::Type value{};
      FromJson(json, value);
      out = std::move(value);
    }
  } else if constexpr (VectorOf<T>::kIs) {
    out.clear();
    for (const auto& item : json.as_array()) FromJson(item, out.emplace_back());
  } else if constexpr (kDescribed<T>) {
    const auto& object = json.as_object();
    boost::mp11::mp_for_each<Members<T>>([&](auto member) {
      const auto* field = object.if_contains(member.name);
      using Field = std::decay_t<decltype(out.*member.pointer)>;
      if constexpr (PatchOf<Field>::kIs) {
        // Present, even as null when null means "clear it".
        if (field != nullptr && (!field->is_null() || OptionalOf<typename PatchOf<Field>::Type>::kIs)) {
          auto& patch = out.*member.pointer;
          FromJson(*field, patch.value);
          patch.present = true;
        }
      } else if (field != nullptr && !field->is_null()) {
        FromJson(*field, out.*member.pointer);
      }
    });
  } else {
    static_assert(kUnsupported<T>, "kernel::FromJson: a type the contract binding does not know");
  }
}

}  // namespace artel::kernel
