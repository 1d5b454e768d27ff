// The help service against a real PostgreSQL (a fresh migrated database per test), called directly as the
// seeders and other callers do: it checks its own rules (the edge's contract is not in front of it), keeps
// the FAQ's codes unique and its categories in use, binds a guest's uploads to their tokens, moves tickets
// through open → answered → closed with a mail and an audit row per step, and keeps every page version.

#include <gtest/gtest.h>

#include "artel/core/clock.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/help/help.hpp"
#include "artel/storage/storage.hpp"
#include "artel/testing/testing.hpp"

namespace artel::help {
namespace {

using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::FieldKey;
using testing::MakeUser;

class HelpTest : public ::testing::Test {
 protected:
  HelpTest() : help_(db_.GetPool(), HelpSettings{}, clock_) {
    // Whole seconds: the database keeps microseconds.
    clock_.Set(std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()));
    admin_ = Actor{MakeUser(db_, "admin"), 1};
    user_ = Actor{MakeUser(db_, "user"), 0};
  }

  std::int64_t Count(std::string_view sql) {
    return db_.Run(db_.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }

  CategoryInput Category(std::string code = "payments") { return {std::move(code), "Payments", "Оплата", 1}; }

  QuestionInput Question(std::int64_t category_id, std::string code = "how-to-pay") {
    return {std::move(code), category_id, "How do I pay?", "Как оплатить?", "With a **card**.", "Картой.", 0};
  }

  TicketInput Ticket(std::optional<std::string> email = std::nullopt) {
    return {"payments", "A refund", "Where is my money, please?", std::move(email), {}, {}};
  }

  storage::StoredFile File() { return {"0123abcd.pdf", "application/pdf", 1234, std::nullopt}; }

  TestDatabase db_;
  ManualClock clock_;
  Help help_;
  Actor admin_;
  Actor user_;
};

TEST_F(HelpTest, TheServiceChecksItsOwnInput) {
  auto bad = Category("Bad Code");
  bad.name_ru = " ";
  bad.position = 10001;
  auto error = ErrorOf(db_, help_.CreateCategory(admin_, bad));
  EXPECT_EQ(FieldKey(error, "code"), "help:code_invalid");
  EXPECT_EQ(FieldKey(error, "name_ru"), "validation:required") << "blank is missing, as at the edge";
  EXPECT_EQ(FieldKey(error, "position"), "validation:range");

  const Visitor guest{std::nullopt, "203.0.113.7"};
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.CreateTicket(guest, Ticket(), "en")), "email"),
            "validation:required");
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.CreateTicket(guest, Ticket("not an address"), "en")), "email"),
            "validation:email");
  auto many = Ticket("guest@example.com");
  many.attachment_ids = {1, 2, 3, 4, 5, 6};
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.CreateTicket(guest, many, "en")), "attachment_ids"),
            "help:attachments_too_many");
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.SearchFaq(" \t", "en")), "q"), "validation:required");
  EXPECT_EQ(Count("SELECT count(*) FROM help.tickets"), 0) << "nothing stored";
  EXPECT_EQ(Count("SELECT count(*) FROM help.faq_categories"), 0);
}

TEST_F(HelpTest, FaqCodesAreUniqueAndAUsedCategoryStays) {
  auto category = db_.Run(help_.CreateCategory(admin_, Category()));
  EXPECT_EQ(category.code, "payments");
  EXPECT_TRUE(category.questions.empty());
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.CreateCategory(admin_, Category())), "code"), "help:code_taken");
  auto question = db_.Run(help_.CreateQuestion(admin_, Question(category.id)));
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.CreateQuestion(admin_, Question(category.id))), "code"),
            "help:code_taken");
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.CreateQuestion(admin_, Question(category.id + 100, "other"))),
                     "category_id"),
            "help:category_missing");
  EXPECT_EQ(ErrorOf(db_, help_.DeleteCategory(admin_, category.id)).Code(), ErrorCode::kConflict);

  auto updated = db_.Run(help_.UpdateCategory(admin_, category.id, Category("money")));
  ASSERT_EQ(updated.questions.size(), 1U) << "the answer lists the category's questions";
  EXPECT_EQ(updated.questions[0].code, "how-to-pay");

  auto read = db_.Run(help_.FaqQuestion("how-to-pay", "ru"));
  EXPECT_EQ(read.question, "Как оплатить?");
  EXPECT_EQ(read.category.code, "money");
  EXPECT_NE(db_.Run(help_.FaqQuestion("how-to-pay", "en")).answer_html.find("<strong>card</strong>"),
            std::string::npos)
      << "the answer's Markdown rendered on save";
  EXPECT_EQ(ErrorOf(db_, help_.FaqQuestion("Not A Code", "en")).Code(), ErrorCode::kNotFound);

  db_.Run(help_.DeleteQuestion(admin_, question.id));
  db_.Run(help_.DeleteCategory(admin_, category.id));
  EXPECT_TRUE(db_.Run(help_.FaqIndex("en")).categories.empty());
  EXPECT_EQ(Count("SELECT count(*) FROM platform.audit WHERE action LIKE 'faq.%'"), 5)
      << "two creates, an update and two deletes";
}

TEST_F(HelpTest, AGuestsUploadIsBoundToItsTokenNotToTheAddress) {
  const Visitor guest{std::nullopt, "203.0.113.7"};
  const Visitor neighbour{std::nullopt, "203.0.113.7"};  // the same NAT
  auto upload = db_.Run(help_.AddUpload(guest, "invoice.pdf", File()));
  ASSERT_TRUE(upload.upload_token.has_value());
  EXPECT_EQ(upload.size, 1234);

  auto stolen = Ticket("neighbour@example.com");
  stolen.attachment_ids = {upload.id};
  stolen.upload_tokens = {"a-token-of-my-own"};
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.CreateTicket(neighbour, stolen, "en")), "attachment_ids"),
            "help:attachment_unknown");
  EXPECT_EQ(Count("SELECT count(*) FROM help.tickets"), 0) << "the ticket is not stored without its files";

  auto mine = Ticket("Guest@Example.com");
  mine.attachment_ids = {upload.id};
  mine.upload_tokens = {*upload.upload_token};
  const auto id = db_.Run(help_.CreateTicket(guest, mine, "ru"));
  auto ticket = db_.Run(help_.AdminTicket(id));
  ASSERT_EQ(ticket.attachments.size(), 1U);
  EXPECT_EQ(ticket.attachments[0].url, "/api/admin/tickets/" + std::to_string(id) + "/files/" +
                                           std::to_string(upload.id) + "?name=invoice.pdf");
  EXPECT_FALSE(ticket.user.has_value());
  EXPECT_EQ(ticket.email, "guest@example.com") << "kept lower-case, as accounts keep theirs";
  EXPECT_EQ(Count("SELECT count(*) FROM mail.outbox WHERE template = 'help:mail.support_ticket'"), 1);

  auto users = db_.Run(help_.AddUpload(Visitor{user_, "198.51.100.1"}, "photo.pdf", File()));
  EXPECT_FALSE(users.upload_token.has_value()) << "a user's upload is bound to the account";
}

TEST_F(HelpTest, ATicketIsAnsweredOnceClosedAndNeverReopened) {
  const auto id =
      db_.Run(help_.CreateTicket(Visitor{user_, "198.51.100.1"}, Ticket("ignored@example.com"), "en"));
  auto mine = db_.Run(help_.MyTickets(user_.user_id));
  ASSERT_EQ(mine.items.size(), 1U);
  EXPECT_EQ(mine.items[0].email, "user@test.local") << "a user's ticket uses the account's address";
  ASSERT_TRUE(mine.items[0].user.has_value());
  EXPECT_EQ(mine.items[0].status, "open");

  clock_.Advance(std::chrono::hours(2));
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.AnswerTicket(admin_, id, AnswerInput{""})), "text"),
            "validation:required");
  auto answered = db_.Run(help_.AnswerTicket(admin_, id, AnswerInput{"Refunded today."}));
  EXPECT_EQ(answered.status, "answered");
  ASSERT_EQ(answered.messages.size(), 2U);
  EXPECT_EQ(answered.messages[0].author, "user");
  EXPECT_EQ(answered.messages[1].author, "admin");
  ASSERT_TRUE(answered.messages[1].admin.has_value());
  EXPECT_EQ(answered.messages[1].admin->id, admin_.user_id);
  EXPECT_EQ(answered.answered_at, clock_.Now());
  EXPECT_EQ(Count("SELECT count(*) FROM mail.outbox WHERE template = 'help:mail.support_answer'"), 1);

  auto closed = db_.Run(help_.CloseTicket(admin_, id));
  EXPECT_EQ(closed.status, "closed");
  EXPECT_EQ(ErrorOf(db_, help_.CloseTicket(admin_, id)).Code(), ErrorCode::kConflict);
  EXPECT_EQ(ErrorOf(db_, help_.AnswerTicket(admin_, id, AnswerInput{"Again"})).Code(), ErrorCode::kConflict);
  EXPECT_EQ(Count("SELECT count(*) FROM mail.outbox WHERE template = 'help:mail.support_answer'"), 1);
  EXPECT_EQ(Count("SELECT count(*) FROM platform.audit WHERE action LIKE 'tickets.%'"), 2);
}

TEST_F(HelpTest, AdminTicketPagesFollowTheirCursor) {
  for (int i = 0; i < 3; ++i) {
    db_.Run(help_.CreateTicket(Visitor{user_, "198.51.100.1"}, Ticket(), "en"));
  }
  auto first = db_.Run(help_.AdminTickets(std::nullopt, std::nullopt, 2));
  ASSERT_EQ(first.items.size(), 2U);
  ASSERT_TRUE(first.next_cursor.has_value());
  auto second = db_.Run(help_.AdminTickets(std::nullopt, first.next_cursor, 2));
  ASSERT_EQ(second.items.size(), 1U);
  EXPECT_FALSE(second.next_cursor.has_value());
  EXPECT_LT(second.items[0].id, first.items[1].id);
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.AdminTickets(std::nullopt, "x", 2)), "cursor"), "validation:format");
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.AdminTickets("lost", std::nullopt, 2)), "status"),
            "validation:one_of");
  EXPECT_TRUE(db_.Run(help_.AdminTickets("closed", std::nullopt, 2)).items.empty());
}

TEST_F(HelpTest, EveryPageVersionIsKeptAndAStaleEditIsRefused) {
  EXPECT_EQ(ErrorOf(db_, help_.SavePage(admin_, "about", "en", PageInput{"About", "Text", 3})).Code(),
            ErrorCode::kConflict)
      << "a page that does not exist is created from version 0 only";
  auto first = db_.Run(help_.SavePage(admin_, "about", "en", PageInput{"About", "We are *Artel*.", 0}));
  EXPECT_EQ(first.version, 1);
  auto second = db_.Run(help_.SavePage(admin_, "about", "en", PageInput{"About us", "  Indented stays.", 1}));
  EXPECT_EQ(second.version, 2);
  ASSERT_EQ(second.versions.size(), 2U);
  EXPECT_EQ(second.versions[0].version, 2) << "newest first";
  ASSERT_TRUE(second.versions[0].author.has_value());
  EXPECT_EQ(ErrorOf(db_, help_.SavePage(admin_, "about", "en", PageInput{"Late", "Edit", 1})).Code(),
            ErrorCode::kConflict);
  EXPECT_EQ(FieldKey(ErrorOf(db_, help_.SavePage(admin_, "about", "en", PageInput{"", "Body", 2})), "title"),
            "validation:required");
  EXPECT_EQ(ErrorOf(db_, help_.SavePage(admin_, "imprint", "en", PageInput{"Imprint", "Text", 0})).Code(),
            ErrorCode::kNotFound);

  EXPECT_EQ(db_.Run(help_.PageVersion("about", "en", 1)).body, "We are *Artel*.");
  EXPECT_EQ(db_.Run(help_.Page("about", "ru")).lang, "en") << "the other language when this one is missing";
  EXPECT_EQ(db_.Run(help_.Page("about", "en")).title, "About us");
  EXPECT_EQ(db_.Run(help_.AdminPages()).items.size(), 1U);
  EXPECT_EQ(Count("SELECT count(*) FROM platform.audit WHERE action = 'pages.edit'"), 2);
}

}  // namespace
}  // namespace artel::help
