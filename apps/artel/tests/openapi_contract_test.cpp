// docs/api/openapi.yaml is the API contract the SPA's client is generated from: every route the server
// registers must be in it, and every operation it lists must exist on the server.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "application.hpp"
#include "artel/core/config.hpp"
#include "artel/web/app.hpp"
#include "artel/web/router.hpp"

namespace artel::app {
namespace {

std::string Normalize(std::string pattern) {
  // The router writes {id:int}; OpenAPI writes {id}.
  static const std::regex kTyped(R"(\{(\w+):\w+\})");
  return std::regex_replace(pattern, kTyped, "{$1}");
}

/// "get /api/orders/{id}" → the access level the route declares.
std::map<std::string, web::Access> RegisteredAccess() {
  auto source = ConfigSource::Parse("security: {secret: contract-test-secret-0123456789abcdef}\n", false);
  Config config = BindPlatform(source);
  boost::asio::io_context io;
  db::PoolOptions options;
  options.conninfo = "host=/nonexistent dbname=none";  // never connected: the test only lists routes
  auto pool = db::Pool::Create(io.get_executor(), options);
  auto application = MakeApplication(config, source, pool);
  std::map<std::string, web::Access> operations;
  for (const auto& route : application->Web().GetRouter().Routes()) {
    std::string method(web::MethodName(route.method));
    std::ranges::transform(method, method.begin(), [](unsigned char c) { return std::tolower(c); });
    operations[method + " " + Normalize(route.pattern)] = route.options.access;
  }
  return operations;
}

std::set<std::string> RegisteredOperations() {
  std::set<std::string> operations;
  for (const auto& [operation, access] : RegisteredAccess()) operations.insert(operation);
  return operations;
}

/// Operations whose every `security` alternative needs a session (cookieAuth or bearerAuth): no guest may
/// call them. An operation without `security`, or with an alternative that needs no session, is open.
std::set<std::string> SignedInOperations() {
  YAML::Node spec = YAML::LoadFile("docs/api/openapi.yaml");
  std::set<std::string> operations;
  for (const auto& path : spec["paths"]) {
    for (const auto& operation : path.second) {
      auto security = operation.second["security"];
      if (!security || !security.IsSequence() || security.size() == 0) continue;
      bool every_alternative_needs_a_session = true;
      for (const auto& alternative : security) {
        every_alternative_needs_a_session =
            every_alternative_needs_a_session && (alternative["cookieAuth"] || alternative["bearerAuth"]);
      }
      if (every_alternative_needs_a_session) {
        operations.insert(operation.first.as<std::string>() + " " + path.first.as<std::string>());
      }
    }
  }
  return operations;
}

std::set<std::string> DocumentedOperations() {
  YAML::Node spec = YAML::LoadFile("docs/api/openapi.yaml");
  std::set<std::string> operations;
  static const std::set<std::string> kMethods{"get", "put", "post", "delete", "patch", "head", "options"};
  for (const auto& path : spec["paths"]) {
    for (const auto& operation : path.second) {
      auto method = operation.first.as<std::string>();
      if (kMethods.contains(method)) operations.insert(method + " " + path.first.as<std::string>());
    }
  }
  return operations;
}

TEST(OpenApiContractTest, EveryRegisteredRouteIsDocumented) {
  auto documented = DocumentedOperations();
  for (const auto& operation : RegisteredOperations()) {
    EXPECT_TRUE(documented.contains(operation)) << "missing from docs/api/openapi.yaml: " << operation;
  }
}

TEST(OpenApiContractTest, EveryDocumentedOperationIsRegistered) {
  auto registered = RegisteredOperations();
  ASSERT_FALSE(registered.empty());
  for (const auto& operation : DocumentedOperations()) {
    EXPECT_TRUE(registered.contains(operation)) << "documented but not served: " << operation;
  }
}

TEST(OpenApiContractTest, RoutesDeclareTheAccessTheContractPromises) {
  // The router refuses guests before the handler runs exactly where the contract says a session is needed,
  // and every /api/admin/ route is for administrators: a new admin endpoint cannot forget it.
  const auto signed_in = SignedInOperations();
  const auto documented = DocumentedOperations();
  for (const auto& [operation, access] : RegisteredAccess()) {
    if (!documented.contains(operation)) continue;  // reported by the tests above
    EXPECT_EQ(access != web::Access::kGuest, signed_in.contains(operation))
        << operation << " declares " << web::AccessName(access) << " but the contract "
        << (signed_in.contains(operation) ? "requires a session" : "lets guests call it");
    if (operation.find(" /api/admin/") != std::string::npos) {
      EXPECT_EQ(access, web::Access::kAdmin) << operation << " is an admin endpoint";
    }
  }
}

TEST(OpenApiContractTest, SpecDeclaresOpenApi31) {
  YAML::Node spec = YAML::LoadFile("docs/api/openapi.yaml");
  EXPECT_TRUE(spec["openapi"].as<std::string>().starts_with("3.1"));
}

}  // namespace
}  // namespace artel::app
