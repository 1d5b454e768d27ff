#pragma once

// The fixture of a domain's input tests: the contract as the server compiles it (the platform's part and the
// domain's parts, compiled into their libraries) and a body checked through an operation's schema, with its
// errors as field → the first message key. One place for what every domain's tests/input_test.cpp needs.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::web::testing {

/// field → the first message key of its errors.
using FieldKeys = std::map<std::string, std::string>;

inline FieldKeys KeysOf(const ValidationErrors& errors) {
  FieldKeys keys;
  try {
    errors.ThrowIfAny();
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
  }
  return keys;
}

class ContractBodyTest : public ::testing::Test {
 protected:
  /// A part: its name (for messages) and its YAML (a domain's ContractPart()).
  using Part = std::pair<std::string_view, std::string_view>;

  /// The platform's part, then `parts` in order.
  explicit ContractBodyTest(std::initializer_list<Part> parts) {
    contract.AddPart("platform", PlatformContract());
    for (const auto& [name, yaml] : parts) contract.AddPart(name, yaml);
  }

  /// The errors of `body` as `operation` reads it; `body` is left as the edge hands it on (trimmed, defaults
  /// filled in).
  FieldKeys Errors(std::string_view operation, boost::json::value& body) {
    ValidationErrors errors;
    contract.CheckBody(contract.Find(operation), body, errors);
    return KeysOf(errors);
  }
  FieldKeys Errors(std::string_view operation, const boost::json::value& sent) {
    boost::json::value body = sent;
    return Errors(operation, body);
  }
  /// A body written as JSON text.
  FieldKeys Errors(std::string_view operation, std::string_view json) {
    boost::json::value body = boost::json::parse(json);
    return Errors(operation, body);
  }
  /// The same for a literal (an exact match, so `Errors(op, R"({})")` picks no other overload).
  FieldKeys Errors(std::string_view operation, const char* json) {
    return Errors(operation, std::string_view(json));
  }

  Contract contract;
};

}  // namespace artel::web::testing
