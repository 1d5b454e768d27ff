// storage::PendingUploads against a real throwaway PostgreSQL, with tables registered as the domains register
// theirs: a private kind (chat-like attachments, some stored before private files existed), a public kind
// (portfolio-like images) and a list of dropped files (company-like logos, whose uses are the owner's own
// condition). Old unattached rows go, attached and young ones stay, a file any other registered table still
// uses stays on disk, one sweep stops at its batch size, and the round sweeps every table.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "artel/core/crypto.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"

namespace artel::storage {
namespace {

using namespace std::chrono_literals;
using db::testing::TestDatabase;

constexpr std::string_view kSchema[] = {
    "CREATE SCHEMA t",
    "CREATE TABLE t.chat_files (id bigserial PRIMARY KEY, message_id bigint, file_name text NOT NULL, "
    "thumbnail_name text, created_at timestamptz NOT NULL, stored_private boolean NOT NULL DEFAULT true)",
    "CREATE TABLE t.portfolio_images (id bigserial PRIMARY KEY, project_id bigint, file_name text NOT NULL, "
    "thumbnail_name text NOT NULL, created_at timestamptz NOT NULL)",
    "CREATE TABLE t.companies (id bigserial PRIMARY KEY, logo text)",
    "CREATE TABLE t.dropped_logos (name text PRIMARY KEY, dropped_at timestamptz NOT NULL)",
};

class PendingUploadsTest : public ::testing::Test {
 protected:
  PendingUploadsTest()
      : db_(false),
        dir_(std::filesystem::temp_directory_path() / ("artel-uploads-" + ToHex(RandomBytes(6)))),
        files_(dir_),
        uploads_(db_.GetPool(), files_, references_) {
    for (const auto statement : kSchema) db_.Run(db_.GetPool().Query(statement));
    // As the modules register them: an owner's condition of its own, a private and a public kind of pending
    // uploads, and a list of dropped files whose uses are its owner's condition.
    references_.Add("identity", "EXISTS (SELECT 1 FROM t.companies u WHERE u.logo = {name} AND u.id < 0)");
    references_.Add("companies", "EXISTS (SELECT 1 FROM t.companies c WHERE c.logo = {name})");
    uploads_.Register({.owner = "messenger",
                       .table = "t.chat_files",
                       .attached_by = "message_id",
                       .files = {"file_name", "thumbnail_name"},
                       .space = Space::kPrivate,
                       .moves_from_public = true});
    uploads_.Register({.owner = "profiles",
                       .table = "t.portfolio_images",
                       .attached_by = "project_id",
                       .files = {"file_name", "thumbnail_name"}});
    uploads_.Register({.owner = "companies",
                       .table = "t.dropped_logos",
                       .key = "name",
                       .created_at = "dropped_at",
                       .files = {"name"},
                       .rows_use_files = false});
  }
  ~PendingUploadsTest() override { std::filesystem::remove_all(dir_); }

  /// A stored file of `space` named by its content, written more than FileStore::kSweepGrace ago.
  std::string Stored(std::string_view text, Space space) {
    const auto stored = files_.PutAttachment(text, space);
    std::filesystem::last_write_time(files_.Dir(space) / stored.name,
                                     std::filesystem::file_time_type::clock::now() - 2h);
    return stored.name;
  }

  std::int64_t Chat(const std::string& file, std::optional<std::string> thumbnail, TimePoint at,
                    std::optional<std::int64_t> message = std::nullopt, bool moved = true) {
    return db_
        .Run(db_.GetPool().Query(
            "INSERT INTO t.chat_files (message_id, file_name, thumbnail_name, created_at, "
            "stored_private) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            message, file, thumbnail, at, moved))
        .One()
        .Get<std::int64_t>(0);
  }

  std::int64_t Portfolio(const std::string& file, const std::string& thumbnail, TimePoint at,
                         std::optional<std::int64_t> project = std::nullopt) {
    return db_
        .Run(db_.GetPool().Query("INSERT INTO t.portfolio_images (project_id, file_name, thumbnail_name, "
                                 "created_at) VALUES ($1, $2, $3, $4) RETURNING id",
                                 project, file, thumbnail, at))
        .One()
        .Get<std::int64_t>(0);
  }

  std::set<std::int64_t> Ids(std::string_view table) {
    std::set<std::int64_t> ids;
    for (auto row : db_.Run(db_.GetPool().Query(fmt::format("SELECT id FROM {}", table)))) {
      ids.insert(row.Get<std::int64_t>(0));
    }
    return ids;
  }

  TestDatabase db_;
  std::filesystem::path dir_;
  FileStore files_;
  FileReferences references_;
  PendingUploads uploads_;
  const TimePoint now_ = std::chrono::system_clock::now();
  const TimePoint old_ = now_ - 48h;
  const TimePoint cutoff_ = now_ - 24h;
};

TEST_F(PendingUploadsTest, OldUnattachedRowsGoAttachedAndYoungOnesStay) {
  const auto alone = Stored("alone", Space::kPrivate);
  const auto image = Stored("image", Space::kPrivate);
  const auto thumb = Stored("thumb", Space::kPrivate);
  const auto shared = Stored("shared", Space::kPrivate);
  const auto attached = Stored("attached", Space::kPrivate);
  const auto recent = Stored("recent", Space::kPrivate);
  const auto unmoved = Stored("unmoved", Space::kPublic);

  Chat(alone, std::nullopt, old_);
  Chat(image, thumb, old_);
  Chat(shared, std::nullopt, old_);
  const auto shared_attached = Chat(shared, std::nullopt, old_, 7);
  const auto attached_id = Chat(attached, std::nullopt, old_, 8);
  const auto recent_id = Chat(recent, std::nullopt, now_ - 1h);
  // Stored before private files: never swept until MovePrivateFiles has moved it.
  const auto unmoved_id = Chat(unmoved, std::nullopt, old_, std::nullopt, false);

  auto sweep = db_.Run(uploads_.Sweep("t.chat_files", cutoff_));
  EXPECT_EQ(sweep.removed, 3u);
  EXPECT_EQ(std::set<std::string>(sweep.unused_files.begin(), sweep.unused_files.end()),
            (std::set<std::string>{alone, image, thumb}))
      << "the shared file is still used by the attached row";
  EXPECT_EQ(sweep.files_removed, 3u);
  EXPECT_EQ(Ids("t.chat_files"),
            (std::set<std::int64_t>{shared_attached, attached_id, recent_id, unmoved_id}));
  for (const auto& gone : {alone, image, thumb}) EXPECT_FALSE(files_.Exists(gone, Space::kPrivate)) << gone;
  for (const auto& kept : {shared, attached, recent})
    EXPECT_TRUE(files_.Exists(kept, Space::kPrivate)) << kept;
  EXPECT_TRUE(files_.Exists(unmoved, Space::kPublic));
  EXPECT_EQ(db_.Run(uploads_.Sweep("t.chat_files", cutoff_)).removed, 0u) << "nothing left to sweep";

  // A file stored again within the grace keeps its file even though its row went.
  const auto again = Stored("again", Space::kPrivate);
  Chat(again, std::nullopt, old_);
  std::filesystem::last_write_time(files_.Dir(Space::kPrivate) / again,
                                   std::filesystem::file_time_type::clock::now());
  sweep = db_.Run(uploads_.Sweep("t.chat_files", cutoff_));
  EXPECT_EQ(sweep.removed, 1u);
  EXPECT_EQ(sweep.unused_files, std::vector<std::string>{again});
  EXPECT_EQ(sweep.files_removed, 0u);
  EXPECT_TRUE(files_.Exists(again, Space::kPrivate));
}

TEST_F(PendingUploadsTest, AFileAnotherRegisteredOwnerUsesStays) {
  // Public files: one a company shows as its logo, one a project shows, one a chat row not moved yet still
  // names (its only copy may be the public one), one nobody else uses.
  const auto logo = Stored("logo", Space::kPublic);
  const auto shown = Stored("shown", Space::kPublic);
  const auto unmoved = Stored("chat file stored before private files", Space::kPublic);
  const auto alone = Stored("alone", Space::kPublic);
  const auto thumb = Stored("thumb", Space::kPublic);
  db_.Run(db_.GetPool().Query("INSERT INTO t.companies (logo) VALUES ($1)", logo));
  Portfolio(shown, thumb, old_, 1);
  Chat(unmoved, std::nullopt, old_, 3, false);
  // The same bytes as a private chat file: another file, which a public sweep never looks at.
  const auto private_twin = Stored("alone", Space::kPrivate);
  Chat(private_twin, std::nullopt, now_, 4);

  Portfolio(logo, thumb, old_);
  Portfolio(unmoved, thumb, old_);
  Portfolio(alone, thumb, old_);
  auto sweep = db_.Run(uploads_.Sweep("t.portfolio_images", cutoff_));
  EXPECT_EQ(sweep.removed, 3u);
  EXPECT_EQ(sweep.unused_files, std::vector<std::string>{alone}) << "the thumbnail is the project's too";
  EXPECT_TRUE(files_.Exists(logo, Space::kPublic)) << "a company's logo";
  EXPECT_TRUE(files_.Exists(unmoved, Space::kPublic)) << "a chat row not moved yet";
  EXPECT_TRUE(files_.Exists(thumb, Space::kPublic)) << "the project's image";
  EXPECT_FALSE(files_.Exists(alone, Space::kPublic));
  EXPECT_TRUE(files_.Exists(private_twin, Space::kPrivate)) << "the private file of the same bytes";

  // A dropped logo: its row goes after the retention; the file only when no company and no portfolio
  // image (attached or waiting) uses it.
  const auto dropped = Stored("dropped logo", Space::kPublic);
  for (const auto& name : {logo, shown, dropped}) {
    db_.Run(
        db_.GetPool().Query("INSERT INTO t.dropped_logos (name, dropped_at) VALUES ($1, $2)", name, old_));
  }
  const auto young = Stored("young", Space::kPublic);
  db_.Run(db_.GetPool().Query("INSERT INTO t.dropped_logos (name, dropped_at) VALUES ($1, $2)", young, now_));
  sweep = db_.Run(uploads_.Sweep("t.dropped_logos", cutoff_));
  EXPECT_EQ(sweep.removed, 3u);
  EXPECT_EQ(sweep.unused_files, std::vector<std::string>{dropped});
  EXPECT_FALSE(files_.Exists(dropped, Space::kPublic));
  EXPECT_TRUE(files_.Exists(logo, Space::kPublic));
  EXPECT_TRUE(files_.Exists(shown, Space::kPublic));
  EXPECT_EQ(db_.Run(db_.GetPool().Query("SELECT name FROM t.dropped_logos")).One().Get<std::string>(0),
            young);
}

TEST_F(PendingUploadsTest, ASweepStopsAtItsBatchSizeAndARoundSweepsEveryTable) {
  for (int i = 0; i < 5; ++i) Chat(Stored(fmt::format("chat {}", i), Space::kPrivate), std::nullopt, old_);
  EXPECT_EQ(db_.Run(uploads_.Sweep("t.chat_files", cutoff_, 2)).removed, 2u);
  EXPECT_EQ(db_.Run(uploads_.Sweep("t.chat_files", cutoff_, 2)).removed, 2u);
  EXPECT_EQ(Ids("t.chat_files").size(), 1u);

  // The round: the chat row stored before private files is moved first, then swept with the rest, in
  // batches until a short one; every registered table in one round.
  const auto legacy = Stored("legacy", Space::kPublic);
  Chat(legacy, std::nullopt, old_, std::nullopt, false);
  const auto thumb = Stored("thumb", Space::kPublic);
  for (int i = 0; i < 5; ++i) Portfolio(Stored(fmt::format("image {}", i), Space::kPublic), thumb, old_);
  db_.Run(db_.GetPool().Query("INSERT INTO t.dropped_logos (name, dropped_at) VALUES ($1, $2)",
                              Stored("dropped", Space::kPublic), old_));
  EXPECT_EQ(db_.Run(uploads_.SweepAll(cutoff_, 2)), 2u + 5u + 1u);
  EXPECT_TRUE(Ids("t.chat_files").empty());
  EXPECT_TRUE(Ids("t.portfolio_images").empty());
  EXPECT_EQ(db_.Run(db_.GetPool().Query("SELECT count(*) FROM t.dropped_logos")).One().Get<std::int64_t>(0),
            0);
  EXPECT_FALSE(files_.Exists(legacy, Space::kPublic)) << "moved, then swept";
  EXPECT_FALSE(files_.Exists(legacy, Space::kPrivate));
  EXPECT_FALSE(files_.Exists(thumb, Space::kPublic));
  EXPECT_EQ(db_.Run(uploads_.SweepAll(cutoff_, 2)), 0u);
}

TEST_F(PendingUploadsTest, RegistrationChecksEveryNameOnce) {
  auto bad = [](UploadTable table) {
    table.owner = table.owner.empty() ? "x" : table.owner;
    table.files = table.files.empty() ? std::vector<std::string>{"file_name"} : table.files;
    return table;
  };
  EXPECT_THROW(uploads_.Register(bad({.table = "t.x; DROP TABLE t.companies"})), std::invalid_argument);
  EXPECT_THROW(uploads_.Register(bad({.table = "attachments"})), std::invalid_argument) << "schema.table";
  EXPECT_THROW(uploads_.Register(bad({.table = "t.x", .key = "Id"})), std::invalid_argument);
  EXPECT_THROW(uploads_.Register(bad({.table = "t.x", .attached_by = "order_id IS NOT NULL"})),
               std::invalid_argument);
  EXPECT_THROW(uploads_.Register(bad({.table = "t.x", .created_at = "now()"})), std::invalid_argument);
  EXPECT_THROW(uploads_.Register(bad({.table = "t.x", .files = {"file_name", "1x"}})), std::invalid_argument);
  EXPECT_THROW(uploads_.Register(bad({.owner = "a b", .table = "t.x"})), std::invalid_argument);
  EXPECT_THROW(uploads_.Register(bad({.table = "t.x", .moves_from_public = true})), std::invalid_argument)
      << "a table moved from public files is private";
  EXPECT_THROW(uploads_.Register(bad({.owner = "again", .table = "t.portfolio_images"})), std::logic_error);
  EXPECT_THROW(db_.Run(uploads_.Sweep("t.unknown", cutoff_)), std::logic_error);
  EXPECT_EQ(uploads_.Tables().size(), 3u);
}

}  // namespace
}  // namespace artel::storage
