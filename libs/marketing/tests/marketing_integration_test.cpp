// Marketing against a real PostgreSQL: UTM visits recorded under a guest's visitor id and handed to the
// account it signs in to, a landing page's visits counted once per visitor per day (through the library's own
// route, as a browser calls it), and the sweep of the images pages dropped. Each test on a fresh database.

#include <gtest/gtest.h>

#include <boost/asio/thread_pool.hpp>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "artel/core/crypto.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/marketing/marketing.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"
#include "artel/testing/testing.hpp"
#include "artel/web/app.hpp"
#include "landing.hpp"

namespace artel::marketing {
namespace {

using db::testing::TestDatabase;
using testing::MakeUser;
using namespace std::chrono_literals;

constexpr std::string_view kGuest = "AAAAAAAAAAAAAAAAAAAAAA";
constexpr std::string_view kOtherGuest = "BBBBBBBBBBBBBBBBBBBBB_";

class MarketingTest : public ::testing::Test {
 protected:
  MarketingTest()
      : dir_(std::filesystem::temp_directory_path() / ("artel-marketing-" + ToHex(RandomBytes(6)))),
        files_(dir_),
        app_(web::AppOptions{.secret = "test-secret"}, Catalog()) {
    RegisterLandingPages(app_, db_.GetPool(), files_, blocking_, 1 << 20);
  }
  ~MarketingTest() override {
    blocking_.join();
    std::filesystem::remove_all(dir_);
  }

  static const i18n::Catalog& Catalog() {
    static const i18n::Catalog catalog = i18n::Catalog::Load("i18n", {"en", "ru"});
    return catalog;
  }

  std::int64_t Query(std::string_view sql, std::int64_t id) {
    return db_.Run(db_.GetPool().Query(sql, id)).One().Get<std::int64_t>(0);
  }

  std::int64_t Page(std::string_view code, bool published, std::optional<std::string> image = std::nullopt) {
    return db_
        .Run(db_.GetPool().Query(
            "INSERT INTO marketing.landing_pages (kind, code, lang, title, cta, published, image) "
            "VALUES ('find_job', $1, 'en', 'Work for designers', 'Find a job', $2, $3) RETURNING id",
            code, published, image))
        .One()
        .Get<std::int64_t>(0);
  }

  /// GET /api/landing-pages/find_job/<code> from `ip` with `agent`, as the SPA asks for it for a guest.
  web::Response Open(std::string_view code, std::string ip, std::string agent = "Firefox") {
    web::Request request;
    request.method = web::Method::kGet;
    request.path = "/api/landing-pages/find_job/" + std::string(code);
    request.target = request.path;
    request.remote_ip = std::move(ip);
    request.headers.Add("User-Agent", std::move(agent));
    request.headers.Add("X-Requested-With", "XMLHttpRequest");
    return db_.Run(app_.Handle(request));
  }

  TestDatabase db_;
  std::filesystem::path dir_;
  storage::FileStore files_;
  boost::asio::thread_pool blocking_{1};
  web::App app_;
};

TEST_F(MarketingTest, AGuestsVisitsGoToTheAccountItSignsInTo) {
  const auto user = MakeUser(db_, "newcomer");
  const auto other = MakeUser(db_, "other");
  Visit campaign{"yandex", "cpc", "designers-autumn", std::nullopt, std::nullopt, "https://artel.test/lp"};
  const auto first = db_.Run(RecordVisit(db_.GetPool(), campaign, std::nullopt, std::string(kGuest)));
  const auto second = db_.Run(RecordVisit(db_.GetPool(), campaign, std::nullopt, std::string(kGuest)));
  const auto elsewhere =
      db_.Run(RecordVisit(db_.GetPool(), campaign, std::nullopt, std::string(kOtherGuest)));
  const auto signed_in = db_.Run(RecordVisit(db_.GetPool(), campaign, other, std::nullopt));

  EXPECT_EQ(db_.Run(AttachVisitor(db_.GetPool(), kGuest, user)), 2);
  // Attached once: a second sign-in (or another account on the same browser) takes nothing more.
  EXPECT_EQ(db_.Run(AttachVisitor(db_.GetPool(), kGuest, other)), 0);
  EXPECT_EQ(Query("SELECT user_id FROM marketing.visits WHERE id = $1", first), user);
  EXPECT_EQ(Query("SELECT user_id FROM marketing.visits WHERE id = $1", second), user);
  EXPECT_EQ(Query("SELECT count(*) FROM marketing.visits WHERE id = $1 AND user_id IS NULL", elsewhere), 1);
  EXPECT_EQ(Query("SELECT user_id FROM marketing.visits WHERE id = $1", signed_in), other);
  auto stored = db_.Run(db_.GetPool().Query(
      "SELECT utm_source, utm_campaign, utm_term FROM marketing.visits WHERE id = $1", first));
  EXPECT_EQ(stored.One().Get<std::string>("utm_source"), "yandex");
  EXPECT_EQ(stored.One().Get<std::string>("utm_campaign"), "designers-autumn");
  EXPECT_FALSE(stored.One().Get<std::optional<std::string>>("utm_term"));
}

TEST_F(MarketingTest, OnlyAVisitorIdOfOursInTheCookieAttaches) {
  const auto user = MakeUser(db_, "newcomer");
  Visit visit{"vk", std::nullopt, std::nullopt, std::nullopt, std::nullopt, "https://artel.test/"};
  db_.Run(RecordVisit(db_.GetPool(), visit, std::nullopt, std::string(kGuest)));
  EXPECT_TRUE(IsValidVisitorId(kGuest));
  EXPECT_FALSE(IsValidVisitorId("short"));
  EXPECT_FALSE(IsValidVisitorId("AAAAAAAAAAAAAAAAAAAAA'"));
  EXPECT_EQ(db_.Run(AttachVisitor(db_.GetPool(), "AAAAAAAAAAAAAAAAAAAAA%", user)), 0);
  db_.Run(AttachSignedIn(db_.GetPool(), "theme=dark", user));
  EXPECT_EQ(Query("SELECT count(*) FROM marketing.visits WHERE user_id = $1", user), 0);
  db_.Run(AttachSignedIn(db_.GetPool(), "theme=dark; artel_visitor=" + std::string(kGuest), user));
  EXPECT_EQ(Query("SELECT count(*) FROM marketing.visits WHERE user_id = $1", user), 1);
}

TEST_F(MarketingTest, ALandingPageCountsEachVisitorOncePerDay) {
  const auto page = Page("designers", true);
  EXPECT_EQ(Open("designers", "203.0.113.7").status, 200);
  EXPECT_EQ(Open("designers", "203.0.113.7").status, 200);
  EXPECT_EQ(Query("SELECT visit_count FROM marketing.landing_pages WHERE id = $1", page), 1);
  Open("designers", "203.0.113.7", "Safari");
  Open("designers", "198.51.100.2");
  EXPECT_EQ(Query("SELECT visit_count FROM marketing.landing_pages WHERE id = $1", page), 3);
  EXPECT_EQ(Query("SELECT count(*) FROM marketing.landing_visits WHERE page_id = $1", page), 3);

  // A draft page is as absent as a missing one, and its visits are not counted.
  const auto draft = Page("draft-page", false);
  EXPECT_EQ(Open("draft-page", "203.0.113.7").status, 404);
  EXPECT_EQ(Open("no-such-page", "203.0.113.7").status, 404);
  EXPECT_EQ(Query("SELECT visit_count FROM marketing.landing_pages WHERE id = $1", draft), 0);
}

/// The dropped images' sweep as the module registers it (issue 23: storage::PendingUploads sweeps
/// marketing.dropped_images; the pages' own use is marketing's FileReferences condition), with `others`'
/// uses.
std::vector<std::string> SweepDroppedImages(TestDatabase& db, const storage::FileStore& files,
                                            const std::vector<std::pair<std::string, std::string>>& others,
                                            TimePoint cutoff) {
  storage::FileReferences references;
  references.Add("marketing",
                 "EXISTS (SELECT 1 FROM marketing.landing_pages p WHERE p.image = {name} OR "
                 "p.image_thumbnail = {name})");
  for (const auto& [owner, uses] : others) references.Add(owner, uses);
  storage::PendingUploads uploads(db.GetPool(), files, references);
  uploads.Register({.owner = "marketing",
                    .table = "marketing.dropped_images",
                    .key = "name",
                    .created_at = "dropped_at",
                    .files = {"name"},
                    .rows_use_files = false});
  return db.Run(uploads.Sweep("marketing.dropped_images", cutoff)).unused_files;
}

TEST_F(MarketingTest, TheSweepFreesDroppedImagesNoPageUses) {
  const std::string in_use(64, 'a');
  const std::string unused = std::string(64, 'b') + ".jpg";
  const std::string recent = std::string(64, 'c') + ".jpg";
  Page("with-image", true, in_use + ".jpg");
  const auto now = std::chrono::system_clock::now();
  db_.Run(db_.GetPool().Query(
      "INSERT INTO marketing.dropped_images (name, dropped_at) VALUES ($1, $4), ($2, $4), ($3, $5)",
      in_use + ".jpg", unused, recent, now - 2h, now));
  auto names = SweepDroppedImages(db_, files_, {}, now - 1h);
  EXPECT_EQ(names, (std::vector<std::string>{unused}));
  // The rows it looked at are gone; the recent one waits for a later round.
  EXPECT_EQ(db_.Run(db_.GetPool().Query("SELECT count(*) FROM marketing.dropped_images"))
                .One()
                .Get<std::int64_t>(0),
            1);
  EXPECT_TRUE(SweepDroppedImages(db_, files_, {}, now - 1h).empty());
}

TEST_F(MarketingTest, AnotherOwnersUseKeepsADroppedImage) {
  const std::string shared = std::string(64, 'd') + ".png";
  db_.Run(db_.GetPool().Query("INSERT INTO marketing.dropped_images (name, dropped_at) VALUES ($1, $2)",
                              shared, std::chrono::system_clock::now() - 2h));
  EXPECT_TRUE(SweepDroppedImages(db_, files_, {{"avatars", "({name} = '" + shared + "')"}},
                                 std::chrono::system_clock::now() - 1h)
                  .empty());
}

}  // namespace
}  // namespace artel::marketing
