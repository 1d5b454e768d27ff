// The outbox against a throwaway PostgreSQL (repository migrations applied) and a real SMTP server.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>
#include <fstream>
#include <future>
#include <set>
#include <sstream>
#include <thread>

#include "artel/db/pool.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/mail/mail.hpp"
#include "mime_decode.hpp"
#include "smtp_sink.hpp"

namespace artel::mail {
namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;
using testing::DecodedPart;
using testing::DecodeHeader;
using testing::ParsePart;
using testing::SmtpSink;
using testing::TempDir;

const i18n::Catalog& Texts() {
  static const i18n::Catalog catalog = i18n::Catalog::Load("i18n", {"en", "ru"});
  return catalog;
}

OutgoingMail VerifyMail(std::string to, std::string link = "https://artel.example/ru/verify?token=t0ken") {
  return OutgoingMail{
      std::move(to), "ru", "auth:mail.verify_email", {{"name", "Ира"}, {"link", std::move(link)}}};
}

struct OutboxRow {
  std::string status;
  std::int32_t attempts = 0;
  TimePoint next_attempt_at;
  std::optional<std::string> last_error;
  std::optional<TimePoint> sent_at;
};

std::vector<std::filesystem::path> EmlFiles(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(dir)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files.push_back(entry.path());
  return files;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

class OutboxTest : public ::testing::Test {
 protected:
  std::int64_t EnqueueCommitted(const OutgoingMail& mail) {
    return db_.Run([&]() -> asio::awaitable<std::int64_t> {
      auto tx = co_await db_.GetPool().Begin();
      auto id = co_await Enqueue(tx, mail);
      co_await tx.Commit();
      co_return id;
    }());
  }

  OutboxRow Row(std::int64_t id) {
    auto result = db_.Run(db_.GetPool().Query(
        "SELECT status, attempts, next_attempt_at, last_error, sent_at FROM mail.outbox WHERE id = $1", id));
    auto row = result.One();
    return OutboxRow{row.Get<std::string>(0), row.Get<std::int32_t>(1), row.Get<TimePoint>(2),
                     row.Get<std::optional<std::string>>(3), row.Get<std::optional<TimePoint>>(4)};
  }

  std::size_t Deliver(Worker& worker) { return db_.Run(worker.DeliverDue()); }

  MailConfig FileConfig() const {
    MailConfig config;
    config.from = "Artel <no-reply@artel.example>";
    config.outbox_dir = outbox_.Path() / "mail";
    return config;
  }

  MailConfig SmtpConfig(const std::string& url) const {
    MailConfig config = FileConfig();
    config.smtp_url = url;
    return config;
  }

  db::testing::TestDatabase db_;
  TempDir outbox_;
  // Ahead of the database's now() so rows enqueued with the default next_attempt_at are due at once.
  ManualClock clock_{std::chrono::system_clock::now() + 5s};
};

TEST_F(OutboxTest, CommittedMailIsDeliveredExactlyOnceToAnEmlFile) {
  Worker worker(db_.GetPool(), Texts(), FileConfig(), clock_);
  auto id = EnqueueCommitted(VerifyMail("ira@example.com"));

  EXPECT_EQ(Deliver(worker), 1u);
  EXPECT_EQ(Deliver(worker), 0u);

  auto files = EmlFiles(outbox_.Path() / "mail");
  ASSERT_EQ(files.size(), 1u) << "one .eml and no temporary file left behind";
  EXPECT_EQ(files[0].extension(), ".eml");
  EXPECT_TRUE(files[0].filename().string().ends_with("-" + std::to_string(id) + ".eml")) << files[0];
  auto message = ReadFile(files[0]);
  auto headers = ParsePart(message).headers;
  EXPECT_EQ(headers["to"], "<ira@example.com>");
  EXPECT_EQ(DecodeHeader(headers["subject"]), Texts().Translate("ru", "auth:mail.verify_email.subject"));
  EXPECT_NE(DecodedPart(message, "text/plain").find("https://artel.example/ru/verify?token=t0ken"),
            std::string::npos);

  auto row = Row(id);
  EXPECT_EQ(row.status, "sent");
  EXPECT_EQ(row.attempts, 1);
  EXPECT_TRUE(row.sent_at.has_value());
}

TEST_F(OutboxTest, MailOfARolledBackTransactionIsNeverDelivered) {
  Worker worker(db_.GetPool(), Texts(), FileConfig(), clock_);
  db_.Run([&]() -> asio::awaitable<void> {
    auto tx = co_await db_.GetPool().Begin();
    co_await Enqueue(tx, VerifyMail("rolled-back@example.com"));
    co_await tx.Rollback();
  }());
  db_.Run([&]() -> asio::awaitable<void> {
    // Never committed: the destructor rolls back.
    auto tx = co_await db_.GetPool().Begin();
    co_await Enqueue(tx, VerifyMail("abandoned@example.com"));
  }());

  EXPECT_EQ(Deliver(worker), 0u);
  EXPECT_TRUE(EmlFiles(outbox_.Path() / "mail").empty());
  auto count = db_.Run(db_.GetPool().Query("SELECT count(*) FROM mail.outbox"));
  EXPECT_EQ(count.One().Get<std::int64_t>(0), 0);
}

TEST_F(OutboxTest, EnqueueRejectsUnknownTemplatesAndMalformedAddresses) {
  EXPECT_THROW(EnqueueCommitted(OutgoingMail{"a@example.com", "en", "newsletter", {}}),
               std::invalid_argument);
  EXPECT_THROW(EnqueueCommitted(VerifyMail("a@example.com\r\nBcc: b@example.com")), std::invalid_argument);
}

TEST_F(OutboxTest, DeliversOverSmtp) {
  SmtpSink sink;
  sink.Start();
  Worker worker(db_.GetPool(), Texts(), SmtpConfig(sink.Url()), clock_);
  auto id = EnqueueCommitted(VerifyMail("ira@example.com", "https://artel.example/ru/verify?token=smtp&x=1"));

  EXPECT_EQ(Deliver(worker), 1u);

  auto messages = sink.Messages();
  ASSERT_EQ(messages.size(), 1u);
  auto headers = ParsePart(messages[0]).headers;
  EXPECT_EQ(headers["x-rcptto"], "ira@example.com");
  EXPECT_EQ(headers["x-mailfrom"], "no-reply@artel.example");
  EXPECT_EQ(DecodeHeader(headers["subject"]), Texts().Translate("ru", "auth:mail.verify_email.subject"));
  EXPECT_TRUE(headers["message-id"].starts_with("<" + std::to_string(id) + ".")) << headers["message-id"];
  auto text = DecodedPart(messages[0], "text/plain");
  EXPECT_NE(text.find("Здравствуйте, Ира!"), std::string::npos) << text;
  EXPECT_NE(text.find("https://artel.example/ru/verify?token=smtp&x=1"), std::string::npos) << text;
  EXPECT_NE(DecodedPart(messages[0], "text/html")
                .find("href=\"https://artel.example/ru/verify?token=smtp&amp;x=1\""),
            std::string::npos);
  EXPECT_EQ(Row(id).status, "sent");
  EXPECT_TRUE(EmlFiles(outbox_.Path() / "mail").empty()) << "SMTP mode writes no files";
}

TEST_F(OutboxTest, SmtpDownRetriesWithBackoffUntilTheServerIsBack) {
  SmtpSink sink;  // not started yet: its port refuses connections
  Worker worker(db_.GetPool(), Texts(), SmtpConfig(sink.Url()), clock_);
  auto id = EnqueueCommitted(VerifyMail("ira@example.com"));

  EXPECT_EQ(Deliver(worker), 0u);
  auto row = Row(id);
  EXPECT_EQ(row.status, "pending");
  EXPECT_EQ(row.attempts, 1);
  EXPECT_TRUE(row.last_error.has_value() && !row.last_error->empty());
  EXPECT_LT(std::chrono::abs(row.next_attempt_at - (clock_.Now() + 30s)), 1ms);

  EXPECT_EQ(Deliver(worker), 0u);
  EXPECT_EQ(Row(id).attempts, 1) << "not due yet: no new attempt";

  clock_.Advance(31s);
  EXPECT_EQ(Deliver(worker), 0u);
  row = Row(id);
  EXPECT_EQ(row.attempts, 2);
  EXPECT_LT(std::chrono::abs(row.next_attempt_at - (clock_.Now() + 60s)), 1ms) << "the delay doubles";

  sink.Start();
  clock_.Advance(59s);
  EXPECT_EQ(Deliver(worker), 0u) << "still backing off";
  clock_.Advance(2s);
  EXPECT_EQ(Deliver(worker), 1u);
  row = Row(id);
  EXPECT_EQ(row.status, "sent");
  EXPECT_EQ(row.attempts, 3);
  EXPECT_EQ(sink.Messages().size(), 1u);
}

TEST_F(OutboxTest, GivesUpAfterMaxAttempts) {
  MailConfig config = SmtpConfig("smtp://127.0.0.1:" + std::to_string(testing::FreePort()));
  config.max_attempts = 2;
  Worker worker(db_.GetPool(), Texts(), config, clock_);
  auto id = EnqueueCommitted(VerifyMail("ira@example.com"));

  EXPECT_EQ(Deliver(worker), 0u);
  clock_.Advance(31s);
  EXPECT_EQ(Deliver(worker), 0u);
  auto row = Row(id);
  EXPECT_EQ(row.status, "failed");
  EXPECT_EQ(row.attempts, 2);
  EXPECT_TRUE(row.last_error.has_value());

  clock_.Advance(24h);
  EXPECT_EQ(Deliver(worker), 0u);
  EXPECT_EQ(Row(id).attempts, 2) << "a failed mail is left alone";
}

TEST_F(OutboxTest, ClaimOfACrashedWorkerIsTakenOverAfterItsLeaseOnly) {
  Worker worker(db_.GetPool(), Texts(), FileConfig(), clock_);
  auto id = EnqueueCommitted(VerifyMail("ira@example.com"));
  // What a worker that died after claiming leaves behind.
  db_.Run(db_.GetPool().Query(
      "UPDATE mail.outbox SET status = 'sending', attempts = 1, lease_until = $2 WHERE id = $1", id,
      clock_.Now() + 5min));

  EXPECT_EQ(Deliver(worker), 0u) << "the claim is still live";
  clock_.Advance(5min + 1s);
  EXPECT_EQ(Deliver(worker), 1u);
  auto row = Row(id);
  EXPECT_EQ(row.status, "sent");
  EXPECT_EQ(row.attempts, 2);
  EXPECT_EQ(EmlFiles(outbox_.Path() / "mail").size(), 1u);
}

TEST_F(OutboxTest, TwoWorkersNeverSendTheSameMailTwice) {
  constexpr int kMails = 40;
  SmtpSink sink;
  sink.Start();
  std::vector<std::int64_t> ids;
  for (int i = 0; i < kMails; ++i)
    ids.push_back(EnqueueCommitted(VerifyMail(fmt::format("u{}@example.com", i))));

  // A second instance: its own io_context, thread and pool, as another process would have.
  asio::io_context other_io;
  db::PoolOptions options;
  options.conninfo = db_.ConnInfo();
  options.max_size = 4;
  auto other_pool = db::Pool::Create(other_io.get_executor(), options);
  Worker first(db_.GetPool(), Texts(), SmtpConfig(sink.Url()), clock_);
  Worker second(*other_pool, Texts(), SmtpConfig(sink.Url()), clock_);
  auto drain = [](Worker& worker) -> asio::awaitable<std::size_t> {
    std::size_t total = 0;
    while (std::size_t sent = co_await worker.DeliverDue(3)) total += sent;
    co_return total;
  };
  auto second_total = asio::co_spawn(other_io, drain(second), asio::use_future);
  std::thread other_thread([&] { other_io.run(); });
  std::size_t first_total = db_.Run(drain(first));
  other_thread.join();
  std::size_t other_total = second_total.get();
  std::size_t total = first_total + other_total;
  RecordProperty("first_worker_sent", static_cast<int>(first_total));
  RecordProperty("second_worker_sent", static_cast<int>(other_total));
  other_pool->Close();

  EXPECT_EQ(total, static_cast<std::size_t>(kMails));
  auto messages = sink.Messages();
  EXPECT_EQ(messages.size(), static_cast<std::size_t>(kMails));
  std::set<std::string> recipients;
  for (const auto& message : messages) recipients.insert(ParsePart(message).headers["x-rcptto"]);
  EXPECT_EQ(recipients.size(), static_cast<std::size_t>(kMails)) << "every mail exactly once";
  auto sent =
      db_.Run(db_.GetPool().Query("SELECT count(*) FROM mail.outbox WHERE status = 'sent' AND attempts = 1"));
  EXPECT_EQ(sent.One().Get<std::int64_t>(0), kMails);
}

TEST_F(OutboxTest, RunDeliversUntilStopped) {
  Worker worker(db_.GetPool(), Texts(), FileConfig());
  auto id = EnqueueCommitted(VerifyMail("ira@example.com"));
  std::atomic<bool> finished = false;
  db_.Run([&]() -> asio::awaitable<void> {
    auto executor = co_await asio::this_coro::executor;
    asio::co_spawn(executor, worker.Run(), [&](std::exception_ptr error) {
      finished = true;
      if (error) std::rethrow_exception(error);
    });
    asio::steady_timer timer(executor);
    auto status = [&]() -> asio::awaitable<std::string> {
      auto result = co_await db_.GetPool().Query("SELECT status FROM mail.outbox WHERE id = $1", id);
      co_return result.One().Get<std::string>(0);
    };
    for (int i = 0; i < 100 && co_await status() != "sent"; ++i) {
      timer.expires_after(100ms);
      co_await timer.async_wait(asio::use_awaitable);
    }
    worker.Stop();
    for (int i = 0; i < 50 && !finished; ++i) {
      timer.expires_after(100ms);
      co_await timer.async_wait(asio::use_awaitable);
    }
  }());
  EXPECT_TRUE(finished);
  EXPECT_EQ(Row(id).status, "sent");
}

}  // namespace
}  // namespace artel::mail
