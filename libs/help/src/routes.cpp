// Help and support's HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the
// request against the contract, converts it and writes the answer); the handlers call the service, which
// checks its own rules and who may do what. No SQL here: artel/help/help.hpp.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>

#include "artel/core/error.hpp"
#include "artel/help/help.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::help {

/// libs/help/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

// The query parameters of the operations that have them (api.yaml), filled by web::Api after its checks.
struct SearchParams {
  std::string q;
};
BOOST_DESCRIBE_STRUCT(SearchParams, (), (q))

struct UploadParams {
  std::string name;
};
BOOST_DESCRIBE_STRUCT(UploadParams, (), (name))

struct TicketsParams {
  std::optional<std::string> status;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(TicketsParams, (), (status, cursor, limit))

struct FileParams {
  std::optional<std::string> name;
  std::optional<std::string> thumbnail;
};
BOOST_DESCRIBE_STRUCT(FileParams, (), (name, thumbnail))

/// Who sends the support form or an attachment: the signed-in user, or a guest known by IP only.
Visitor VisitorOf(const Call& call) {
  return Visitor{call.Viewer(), call.Raw().remote_ip};
}

/// Help's edge: x-access in api.yaml has let in the right callers before a handler runs.
class Edge final {
 public:
  Edge(Help& help, storage::FileStore& files, boost::asio::thread_pool& blocking)
      : help_(help), files_(files), blocking_(blocking) {}

  // FAQ
  awaitable<FaqIndex> Faq(const Call& call) { co_return co_await help_.FaqIndex(call.Lang()); }

  awaitable<FaqMatches> SearchFaq(const Call& call, SearchParams params) {
    co_return co_await help_.SearchFaq(params.q, call.Lang());
  }

  awaitable<FaqQuestion> Question(const Call& call) {
    co_return co_await help_.FaqQuestion(call.Param("code"), call.Lang());
  }

  // Support
  awaitable<Upload> UploadAttachment(const Call& call, UploadParams params) {
    const Visitor visitor = VisitorOf(call);
    const std::string name = storage::UploadName(params.name);
    co_await help_.CheckUploadAllowance(visitor);
    // The type comes from the bytes; the name and Content-Type are not trusted. Private: served only to
    // admins by the ticket's route, never by /api/files.
    auto stored =
        co_await storage::PutAttachmentOn(blocking_, files_, call.Raw().body, storage::Space::kPrivate);
    co_return co_await help_.AddUpload(visitor, name, stored);
  }

  awaitable<TicketCreated> CreateTicket(const Call& call, TicketInput input) {
    const Visitor visitor = VisitorOf(call);
    const auto id = co_await help_.CreateTicket(visitor, input, call.Lang());
    co_return TicketCreated{id};
  }

  awaitable<TicketList> MyTickets(const Call& call) {
    co_return co_await help_.MyTickets(call.User().user_id);
  }

  // Pages
  awaitable<Page> GetPage(const Call& call) {
    co_return co_await help_.Page(call.Param("code"), call.Lang());
  }

  // Admin: FAQ
  awaitable<AdminFaq> AdminFaqIndex(const Call&) { co_return co_await help_.AdminFaq(); }

  awaitable<AdminFaqCategory> CreateCategory(const Call& call, CategoryInput input) {
    co_return co_await help_.CreateCategory(call.User(), input);
  }

  awaitable<AdminFaqCategory> UpdateCategory(const Call& call, CategoryInput input) {
    co_return co_await help_.UpdateCategory(call.User(), call.Id(), input);
  }

  awaitable<web::NoContent> DeleteCategory(const Call& call) {
    co_await help_.DeleteCategory(call.User(), call.Id());
    co_return web::NoContent{};
  }

  awaitable<AdminFaqQuestion> CreateQuestion(const Call& call, QuestionInput input) {
    co_return co_await help_.CreateQuestion(call.User(), input);
  }

  awaitable<AdminFaqQuestion> AdminQuestion(const Call& call) {
    co_return co_await help_.AdminQuestion(call.Id());
  }

  awaitable<AdminFaqQuestion> UpdateQuestion(const Call& call, QuestionInput input) {
    co_return co_await help_.UpdateQuestion(call.User(), call.Id(), input);
  }

  awaitable<web::NoContent> DeleteQuestion(const Call& call) {
    co_await help_.DeleteQuestion(call.User(), call.Id());
    co_return web::NoContent{};
  }

  // Admin: tickets
  awaitable<TicketPage> Tickets(const Call&, TicketsParams params) {
    co_return co_await help_.AdminTickets(std::move(params.status), std::move(params.cursor), params.limit);
  }

  awaitable<TicketDetail> TicketById(const Call& call) { co_return co_await help_.AdminTicket(call.Id()); }

  awaitable<web::Response> File(const Call& call, FileParams params) {
    auto file = co_await help_.AdminTicketFile(call.Id(), call.Id("attachment_id"));
    if (!file) throw NotFound();
    co_return storage::PrivateFileResponse(files_, file->file_name, file->thumbnail_name,
                                           params.thumbnail.has_value(), file->original_name);
  }

  awaitable<TicketDetail> Answer(const Call& call, AnswerInput input) {
    co_return co_await help_.AnswerTicket(call.User(), call.Id(), input);
  }

  awaitable<TicketDetail> Close(const Call& call) {
    co_return co_await help_.CloseTicket(call.User(), call.Id());
  }

  // Admin: pages
  awaitable<AdminPageList> AdminPages(const Call&) { co_return co_await help_.AdminPages(); }

  awaitable<AdminPage> PageForAdmin(const Call& call) {
    co_return co_await help_.AdminPage(call.Param("code"), call.Param("lang"));
  }

  awaitable<AdminPage> SavePage(const Call& call, PageInput input) {
    co_return co_await help_.SavePage(call.User(), call.Param("code"), call.Param("lang"), input);
  }

  awaitable<PageVersion> Version(const Call& call) {
    // The schema bounds {version} at 1; anything past an int is no version of any page.
    const auto version = call.Id("version");
    if (version > 1000000) throw NotFound();
    co_return co_await help_.PageVersion(call.Param("code"), call.Param("lang"),
                                         static_cast<std::int32_t>(version));
  }

 private:
  Help& help_;
  storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Help& help, storage::FileStore& files, std::size_t max_attachment_bytes,
              boost::asio::thread_pool& blocking) {
  if (!app.GetContract().HasPart("help")) app.GetContract().AddPart("help", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(help, files, blocking),
                     web::ApiOptions{.upload_limit = max_attachment_bytes});
  api.Add("getHelpFaq", &Edge::Faq);
  api.Add("searchHelpFaq", &Edge::SearchFaq);
  api.Add("getHelpFaqQuestion", &Edge::Question);
  api.Add("uploadHelpAttachment", &Edge::UploadAttachment);
  api.Add("createHelpTicket", &Edge::CreateTicket);
  api.Add("listMyHelpTickets", &Edge::MyTickets);
  api.Add("getPage", &Edge::GetPage);
  api.Add("getAdminFaq", &Edge::AdminFaqIndex);
  api.Add("createFaqCategory", &Edge::CreateCategory);
  api.Add("updateFaqCategory", &Edge::UpdateCategory);
  api.Add("deleteFaqCategory", &Edge::DeleteCategory);
  api.Add("createFaqQuestion", &Edge::CreateQuestion);
  api.Add("getFaqQuestion", &Edge::AdminQuestion);
  api.Add("updateFaqQuestion", &Edge::UpdateQuestion);
  api.Add("deleteFaqQuestion", &Edge::DeleteQuestion);
  api.Add("listAdminTickets", &Edge::Tickets);
  api.Add("getAdminTicket", &Edge::TicketById);
  api.Add("getAdminTicketFile", &Edge::File);
  api.Add("answerAdminTicket", &Edge::Answer);
  api.Add("closeAdminTicket", &Edge::Close);
  api.Add("listAdminPages", &Edge::AdminPages);
  api.Add("getAdminPage", &Edge::PageForAdmin);
  api.Add("updateAdminPage", &Edge::SavePage);
  api.Add("getAdminPageVersion", &Edge::Version);
}

}  // namespace artel::help
