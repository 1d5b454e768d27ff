// `artel seed-demo`'s companies: the rows of demo/companies.yaml and demo/reviews.yaml, believable employers
// of the CIS (and two English-speaking ones), owned by the demo customers, with libgd logos, and about twenty
// reviews of them, through the service itself (so the sums, the events and the notifications are the real
// ones).

#include "demo.hpp"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "artel/companies/companies.hpp"
#include "artel/db/pool.hpp"
#include "artel/drawing/drawing.hpp"
#include "artel/identity/identity.hpp"
#include "artel/platform/demo_data.hpp"
#include "artel/platform/module.hpp"
#include "artel/storage/storage.hpp"
#include "input.hpp"

namespace artel::companies {

/// libs/companies/demo/*.yaml, compiled in (artel_embed_text in CMakeLists.txt).
std::string_view DemoCompanies();
std::string_view DemoReviews();

namespace {

using boost::asio::awaitable;

constexpr std::string_view kCompaniesSource = "libs/companies/demo/companies.yaml";
constexpr std::string_view kReviewsSource = "libs/companies/demo/reviews.yaml";

/// A company as its row in demo/companies.yaml has it, with its owner's e-mail.
struct DemoCompany {
  std::string owner;
  CompanyInput input;
  bool verified = false;
};

/// A review as its row in demo/reviews.yaml has it: the company's index, the author's e-mail, the owner's
/// reply.
struct DemoReview {
  std::size_t company = 0;
  std::string author;
  ReviewInput input;
  std::string reply;
};

std::vector<DemoCompany> ReadCompanies() {
  std::vector<DemoCompany> companies;
  for (const auto& row : platform::ReadDemoRows(DemoCompanies(), kCompaniesSource,
                                                {"owner", "name", "description", "website", "industry",
                                                 "size", "country", "city", "founded", "verified"})) {
    DemoCompany company;
    company.owner = row.Text("owner");
    company.input.name = row.Text("name");
    company.input.description = row.Text("description");
    if (auto website = row.TextOr("website", ""); !website.empty())
      company.input.website = std::move(website);
    company.input.industry = row.Text("industry");
    company.input.size = row.Text("size");
    company.input.country_id = static_cast<std::int32_t>(row.Int("country"));
    company.input.city_id = static_cast<std::int32_t>(row.Int("city"));
    company.input.founded_year = static_cast<std::int32_t>(row.Int("founded"));
    company.verified = row.Bool("verified");
    companies.push_back(std::move(company));
  }
  return companies;
}

std::vector<DemoReview> ReadReviews(std::size_t companies) {
  std::vector<DemoReview> reviews;
  const std::vector<std::string_view> axes(kAxes.begin(), kAxes.end());
  for (const auto& row :
       platform::ReadDemoRows(DemoReviews(), kReviewsSource,
                              {"company", "author", "rating", "axes", "pros", "cons", "relation", "position",
                               "recommend", "anonymous", "reply"})) {
    DemoReview review;
    const auto company = row.Int("company");
    if (company < 0 || static_cast<std::size_t>(company) >= companies) {
      throw std::runtime_error(
          fmt::format("{} row {}: `company` is no company's position", kReviewsSource, reviews.size() + 1));
    }
    review.company = static_cast<std::size_t>(company);
    review.author = row.Text("author");
    review.input.rating = static_cast<std::int32_t>(row.Int("rating"));
    if (auto rated = row.Child("axes", axes)) {
      for (std::size_t i = 0; i < kAxes.size(); ++i) {
        if (auto value = rated->OptionalInt(kAxes[i]))
          review.input.axes[i] = static_cast<std::int32_t>(*value);
      }
    }
    review.input.pros = row.Text("pros");
    review.input.cons = row.Text("cons");
    review.input.relation = row.Text("relation");
    review.input.position = row.Text("position");
    review.input.recommend = row.OptionalBool("recommend");
    review.input.anonymous = row.Bool("anonymous");
    review.reply = row.TextOr("reply", "");
    reviews.push_back(std::move(review));
  }
  return reviews;
}

constexpr db::Statement kSeeded{"companies.demo_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM companies.companies c JOIN identity.users u ON u.id = c.owner_id
               WHERE u.email LIKE '%@demo.artel.local') AS seeded
)sql"};

}  // namespace

awaitable<void> SeedDemoCompanies(platform::DemoContext& demo) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  auto& companies = demo.Get<Companies>();
  const auto& files = demo.Get<storage::FileStore>();

  const auto demo_companies = ReadCompanies();
  const auto demo_reviews = ReadReviews(demo_companies.size());
  std::vector<std::optional<Company>> created(demo_companies.size());
  std::size_t logos = 0;
  for (std::size_t i = 0; i < demo_companies.size(); ++i) {
    const auto& item = demo_companies[i];
    auto owner = co_await identity::FindUserId(pool, item.owner);
    if (!owner) continue;
    auto company = co_await companies.Create(*owner, item.input);
    // Every company but one has a logo, so the page without one is seen too.
    if (i != 2) {
      const auto bytes = drawing::DrawLogoMark(static_cast<std::uint32_t>(i * 7));
      const auto stored = files.PutImage(bytes, kLogoImage);
      std::pair<std::string, std::string> logo{stored.name, stored.thumbnail_name.value_or(stored.name)};
      company = co_await companies.SetLogo(company.id, *owner, std::move(logo));
      ++logos;
    }
    if (item.verified) company = co_await companies.SetVerified(company.id, true);
    created[i] = std::move(company);
  }

  std::size_t reviews = 0;
  std::size_t replies = 0;
  for (const auto& item : demo_reviews) {
    const auto& company = created[item.company];
    if (!company) continue;
    auto author = co_await identity::FindUserId(pool, item.author);
    if (!author || *author == company->owner_id) continue;
    auto result = co_await companies.PutReview(company->id, *author, item.input);
    ++reviews;
    if (!item.reply.empty()) {
      auto replied = co_await companies.Reply(company->id, result.first.id, company->owner_id, item.reply);
      ++replies;
    }
  }
  std::size_t count = 0;
  for (const auto& company : created) count += company.has_value() ? 1 : 0;
  demo.Report(
      fmt::format("Demo companies: {} ({} logos), {} reviews, {} replies", count, logos, reviews, replies));
}

}  // namespace artel::companies
