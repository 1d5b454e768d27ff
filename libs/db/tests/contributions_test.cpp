#include "artel/db/contributions.hpp"

#include <gtest/gtest.h>

#include <string>

namespace artel::db {
namespace {

constexpr Statement kOwn{"test.own", "SELECT 1"};
constexpr Statement kFirst{"test.first", "SELECT 2"};
constexpr Statement kSecond{"test.second", "SELECT 3"};

TEST(ContributionsTest, CollectPutsTheOwnersQueriesFirstThenEachContributorsInOrder) {
  Contributions<int> parts;
  parts.Add({[](int id) {
               return std::vector<PipelineQuery>{{kFirst, MakeParams(id)}, {kSecond, {}}};
             },
             [](int, std::span<const Result>, boost::json::object&) {}});
  parts.Add({[](int) { return std::vector<PipelineQuery>{}; },
             [](int, std::span<const Result>, boost::json::object&) {}});
  parts.Add({[](int) {
               return std::vector<PipelineQuery>{{kFirst, {}}};
             },
             [](int, std::span<const Result>, boost::json::object&) {}});
  const auto batch = parts.Collect({{kOwn, {}}}, 7);
  ASSERT_EQ(batch.queries.size(), 4U);
  EXPECT_EQ(batch.own, 1U);
  EXPECT_EQ(batch.counts, (std::vector<std::size_t>{2, 0, 1}));
  EXPECT_EQ(batch.queries[0].statement.name, "test.own");
  EXPECT_EQ(batch.queries[1].statement.name, "test.first");
  EXPECT_EQ(batch.queries[1].params.size(), 1U);
  EXPECT_EQ(batch.queries[2].statement.name, "test.second");
  EXPECT_EQ(batch.queries[3].statement.name, "test.first");
}

TEST(ContributionsTest, ApplyHandsEachContributorItsOwnResultsAndItsArguments) {
  Contributions<const std::string&, int> parts;
  std::vector<Result> results(5);
  // Each part records where its slice starts in `results` and how long it is.
  const auto record = [&](std::string key) {
    return [&results, key](const std::string& name, int id, std::span<const Result> mine,
                           boost::json::object& json) {
      json[key] = boost::json::array{name.c_str(), id, mine.data() - results.data(),
                                     static_cast<std::int64_t>(mine.size())};
    };
  };
  parts.Add({[](const std::string&, int) {
               return std::vector<PipelineQuery>{{kFirst, {}}, {kSecond, {}}};
             },
             record("a")});
  parts.Add({[](const std::string&, int) { return std::vector<PipelineQuery>{}; }, record("b")});
  parts.Add({[](const std::string&, int) { return std::vector<PipelineQuery>{{kFirst, {}}}; }, record("c")});
  const std::string name = "order";
  const auto batch = parts.Collect({{kOwn, {}}, {kOwn, {}}}, name, 3);
  ASSERT_EQ(batch.queries.size(), results.size());
  boost::json::object json;
  parts.Apply(batch, results, name, 3, json);
  EXPECT_EQ(json["a"], (boost::json::array{"order", 3, 2, 2}));
  EXPECT_EQ(json["b"], (boost::json::array{"order", 3, 4, 0}));
  EXPECT_EQ(json["c"], (boost::json::array{"order", 3, 4, 1}));
}

}  // namespace
}  // namespace artel::db
