// The demo seeders' data files (demo_data.hpp): typed reads of each row, and a row with a missing, mistyped
// or unknown key refused with the file, the row and the key.

#include "artel/platform/demo_data.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace artel::platform {
namespace {

constexpr std::string_view kRows = R"yaml(
# Two rows.
- title: "Frontend-разработчик"
  category: 1
  remote: true
  skills: [5, 4]
  tags: ["react", "ts"]
  salary: {from: 180000, currency: "RUB"}
  description: |-
    Line one.

    Line three.
- title: "Designer"
  category: 2
  remote: false
)yaml";

const std::vector<std::string_view> kKeys{"title", "category", "remote",     "skills",
                                          "tags",  "salary",   "description"};

/// The message of the std::runtime_error `read` throws ("" when none).
template <class Read>
std::string Failure(Read read) {
  try {
    read();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(DemoDataTest, ReadsEachRowsValuesByType) {
  auto rows = ReadDemoRows(kRows, "demo/test.yaml", kKeys);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].Text("title"), "Frontend-разработчик");
  EXPECT_EQ(rows[0].Int("category"), 1);
  EXPECT_TRUE(rows[0].Bool("remote"));
  EXPECT_EQ(rows[0].Ints("skills"), (std::vector<std::int64_t>{5, 4}));
  EXPECT_EQ(rows[0].Texts("tags"), (std::vector<std::string>{"react", "ts"}));
  EXPECT_EQ(rows[0].Text("description"), "Line one.\n\nLine three.");
  auto salary = rows[0].Child("salary", {"from", "to", "currency"});
  ASSERT_TRUE(salary);
  EXPECT_EQ(salary->OptionalInt("from"), 180000);
  EXPECT_FALSE(salary->OptionalInt("to"));
  // Absent optional values.
  EXPECT_FALSE(rows[1].Bool("remote"));
  EXPECT_EQ(rows[1].OptionalBool("remote"), false);
  EXPECT_FALSE(rows[1].OptionalBool("verified"));
  EXPECT_TRUE(rows[1].Ints("skills").empty());
  EXPECT_FALSE(rows[1].Child("salary", {"from"}));
  EXPECT_EQ(rows[1].TextOr("description", "none"), "none");
}

TEST(DemoDataTest, RefusesMissingMistypedAndUnknownKeysByName) {
  auto rows = ReadDemoRows(kRows, "demo/test.yaml", kKeys);
  EXPECT_EQ(Failure([&] { (void)rows[1].Text("description"); }),
            "demo/test.yaml row 2: `description` must be a string");
  EXPECT_EQ(Failure([&] { (void)rows[0].Int("title"); }), "demo/test.yaml row 1: `title` must be an integer");
  EXPECT_EQ(Failure([&] { (void)rows[0].Ints("tags"); }),
            "demo/test.yaml row 1: `tags` must be a sequence of integers");
  EXPECT_EQ(Failure([&] { (void)rows[0].Child("salary", {"from"}); }),
            "demo/test.yaml row 1.salary: unknown key `currency`");
  EXPECT_EQ(Failure([&] {
              (void)ReadDemoRows(kRows, "demo/test.yaml", {"title", "category", "remote"});
            }),
            "demo/test.yaml row 1: unknown key `skills`");
  EXPECT_EQ(Failure([&] { (void)ReadDemoRows("title: x", "demo/test.yaml", kKeys); }),
            "demo/test.yaml: expected a sequence of rows");
  EXPECT_NE(
      Failure([&] { (void)ReadDemoRows("- [unclosed", "demo/test.yaml", kKeys); }).find("demo/test.yaml"),
      std::string::npos);
}

}  // namespace
}  // namespace artel::platform
