#include "artel/web/router.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace artel::web {
namespace {

Handler Named(std::string name) {
  return [name](Request&) -> boost::asio::awaitable<Response> {
    Response response;
    response.body = name;
    co_return response;
  };
}

class RouterTest : public ::testing::Test {
 protected:
  /// Identifies the matched route by the handler pointer registered under `pattern`.
  const Handler* HandlerOf(Method method, std::string_view pattern) {
    for (const auto& [key, handler] : handlers_) {
      if (key.first == method && key.second == pattern) return handler;
    }
    return nullptr;
  }

  void Add(Method method, std::string pattern, RouteOptions options = {}) {
    router_.Add(method, pattern, Named(pattern), options);
    auto match = router_.Find(method, Example(pattern));
    ASSERT_NE(match.handler, nullptr) << pattern;
    handlers_.emplace_back(std::make_pair(method, pattern), match.handler);
  }

  static std::string Example(std::string_view pattern) {
    std::string path;
    std::size_t pos = 0;
    while (pos < pattern.size()) {
      auto open = pattern.find('{', pos);
      if (open == std::string_view::npos) {
        path.append(pattern.substr(pos));
        break;
      }
      path.append(pattern.substr(pos, open - pos));
      auto close = pattern.find('}', open);
      path += pattern.substr(open, close - open).find(":int") != std::string_view::npos ? "7" : "x";
      pos = close + 1;
    }
    return path;
  }

  Router router_;
  std::vector<std::pair<std::pair<Method, std::string>, const Handler*>> handlers_;
};

TEST_F(RouterTest, MatchesLiteralPaths) {
  Add(Method::kGet, "/api/user/info");
  Add(Method::kGet, "/");
  EXPECT_EQ(router_.Find(Method::kGet, "/api/user/info").handler, HandlerOf(Method::kGet, "/api/user/info"));
  EXPECT_EQ(router_.Find(Method::kGet, "/").handler, HandlerOf(Method::kGet, "/"));
  EXPECT_EQ(router_.Find(Method::kGet, "/api/user").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/user/info/extra").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/user/info/").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "api/user/info").handler, nullptr);
}

TEST_F(RouterTest, ExtractsParameters) {
  Add(Method::kGet, "/api/users/{id:int}/posts/{slug}");
  auto match = router_.Find(Method::kGet, "/api/users/42/posts/hello-world");
  ASSERT_NE(match.handler, nullptr);
  ASSERT_EQ(match.params.size(), 2u);
  EXPECT_EQ(match.params[0], (std::pair<std::string, std::string>{"id", "42"}));
  EXPECT_EQ(match.params[1], (std::pair<std::string, std::string>{"slug", "hello-world"}));
}

TEST_F(RouterTest, IntParameterTakesDigitsOnly) {
  Add(Method::kGet, "/api/orders/{id:int}");
  EXPECT_NE(router_.Find(Method::kGet, "/api/orders/1").handler, nullptr);
  EXPECT_NE(router_.Find(Method::kGet, "/api/orders/123456789012345678").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/orders/1234567890123456789").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/orders/12a").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/orders/-1").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/orders/").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/orders/+1").handler, nullptr);
}

TEST_F(RouterTest, StringParameterRejectsEmptySegment) {
  Add(Method::kGet, "/api/tags/{name}");
  EXPECT_NE(router_.Find(Method::kGet, "/api/tags/c++").handler, nullptr);
  EXPECT_EQ(router_.Find(Method::kGet, "/api/tags/").handler, nullptr);
}

TEST_F(RouterTest, LiteralBeatsParameterRegardlessOfOrder) {
  Add(Method::kGet, "/api/users/{id}");
  Add(Method::kGet, "/api/users/me");
  Add(Method::kGet, "/api/users/{id:int}");
  EXPECT_EQ(router_.Find(Method::kGet, "/api/users/me").handler, HandlerOf(Method::kGet, "/api/users/me"));
  EXPECT_EQ(router_.Find(Method::kGet, "/api/users/5").handler,
            HandlerOf(Method::kGet, "/api/users/{id:int}"));
  EXPECT_EQ(router_.Find(Method::kGet, "/api/users/bob").handler, HandlerOf(Method::kGet, "/api/users/{id}"));
}

TEST_F(RouterTest, BacktracksFromALiteralDeadEnd) {
  Add(Method::kGet, "/api/{section}/list");
  Add(Method::kGet, "/api/users/{id:int}");
  auto match = router_.Find(Method::kGet, "/api/users/list");
  EXPECT_EQ(match.handler, HandlerOf(Method::kGet, "/api/{section}/list"));
  ASSERT_EQ(match.params.size(), 1u);
  EXPECT_EQ(match.params[0].second, "users");
}

TEST_F(RouterTest, PrefersARouteWithTheMethodOverAMoreSpecificPathWithout) {
  Add(Method::kGet, "/api/items/new");
  Add(Method::kDelete, "/api/items/{id}");
  auto match = router_.Find(Method::kDelete, "/api/items/new");
  EXPECT_EQ(match.handler, HandlerOf(Method::kDelete, "/api/items/{id}"));
}

TEST_F(RouterTest, DistinguishesNotFoundFromMethodNotAllowed) {
  Add(Method::kGet, "/api/user/info");
  auto wrong_method = router_.Find(Method::kPost, "/api/user/info");
  EXPECT_EQ(wrong_method.handler, nullptr);
  EXPECT_TRUE(wrong_method.path_exists);
  auto missing = router_.Find(Method::kGet, "/api/user/other");
  EXPECT_EQ(missing.handler, nullptr);
  EXPECT_FALSE(missing.path_exists);
  auto prefix_only = router_.Find(Method::kGet, "/api/user");
  EXPECT_FALSE(prefix_only.path_exists);
}

TEST_F(RouterTest, HeadFallsBackToGet) {
  Add(Method::kGet, "/api/ping");
  EXPECT_EQ(router_.Find(Method::kHead, "/api/ping").handler, HandlerOf(Method::kGet, "/api/ping"));
  Add(Method::kHead, "/api/ping");
  EXPECT_EQ(router_.Find(Method::kHead, "/api/ping").handler, HandlerOf(Method::kHead, "/api/ping"));
  EXPECT_NE(HandlerOf(Method::kHead, "/api/ping"), HandlerOf(Method::kGet, "/api/ping"));
}

TEST_F(RouterTest, RejectsDuplicatesAndMalformedPatterns) {
  Add(Method::kGet, "/api/users/{id:int}");
  EXPECT_THROW(router_.Add(Method::kGet, "/api/users/{id:int}", Named("again")), std::logic_error);
  EXPECT_THROW(router_.Add(Method::kGet, "/api/users/{user_id:int}", Named("renamed")), std::logic_error);
  EXPECT_NO_THROW(router_.Add(Method::kPost, "/api/users/{id:int}", Named("post")));
  EXPECT_THROW(router_.Add(Method::kGet, "api/no-slash", Named("x")), std::logic_error);
  EXPECT_THROW(router_.Add(Method::kGet, "/api//double", Named("x")), std::logic_error);
  EXPECT_THROW(router_.Add(Method::kGet, "/api/{id:uuid}", Named("x")), std::logic_error);
  EXPECT_THROW(router_.Add(Method::kGet, "/api/{}", Named("x")), std::logic_error);
  EXPECT_THROW(router_.Add(Method::kGet, "/api/a{id}", Named("x")), std::logic_error);
  EXPECT_THROW(router_.Add(Method::kGet, "/api/{id}/{id}", Named("x")), std::logic_error);
  EXPECT_THROW(router_.Add(Method::kGet, "/api/nothing", Handler()), std::logic_error);
}

TEST_F(RouterTest, ListsEveryRoute) {
  Add(Method::kPost, "/api/user/login", RouteOptions{.body_limit = 1024});
  Add(Method::kGet, "/api/user/info", RouteOptions{.access = Access::kUser});
  Add(Method::kGet, "/api/users/{id:int}");
  auto routes = router_.Routes();
  ASSERT_EQ(routes.size(), 3u);
  EXPECT_EQ(routes[0].options.access, Access::kUser);
  EXPECT_EQ(routes[1].options.access, Access::kGuest) << "the default";
  EXPECT_EQ(routes[0].pattern, "/api/user/info");
  EXPECT_EQ(routes[1].pattern, "/api/user/login");
  EXPECT_EQ(routes[1].method, Method::kPost);
  EXPECT_EQ(routes[1].options.body_limit, 1024u);
  EXPECT_EQ(routes[2].pattern, "/api/users/{id:int}");
}

TEST(AccessTest, Names) {
  EXPECT_EQ(AccessName(Access::kGuest), "guest");
  EXPECT_EQ(AccessName(Access::kUser), "user");
  EXPECT_EQ(AccessName(Access::kVerifiedUser), "verified_user");
  EXPECT_EQ(AccessName(Access::kAdmin), "admin");
}

}  // namespace
}  // namespace artel::web
