// The hiring HTTP edge (responses and invitations): each operation of api.yaml bound to a named handler
// (web::Api checks the request against the contract, converts it and writes the answer).

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>

#include "artel/core/time.hpp"
#include "artel/hiring/hiring.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "input.hpp"
#include "views.hpp"

namespace artel::hiring {

/// libs/hiring/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct RespondInput {
  std::int64_t resume_id = 0;
  std::string letter;
};
BOOST_DESCRIBE_STRUCT(RespondInput, (), (resume_id, letter))

/// The interview's date-time as the contract checked it (date-time or blank: none).
std::optional<TimePoint> TimeOf(const std::optional<std::string>& text) {
  if (!text || text->empty()) return std::nullopt;
  return ParseIsoTime(*text);
}

/// Blank or null: none.
std::optional<std::string> FormatOf(const std::optional<std::string>& text) {
  if (!text || text->empty()) return std::nullopt;
  return text;
}

struct InviteInput {
  std::int64_t vacancy_id = 0;
  std::string letter;
  std::optional<std::string> interview_at;
  std::optional<std::string> interview_format;
  std::optional<std::string> interview_place;
};
BOOST_DESCRIBE_STRUCT(InviteInput, (), (vacancy_id, letter, interview_at, interview_format, interview_place))

/// api.yaml's ResponseActionInput, read into the service's ActionInput.
struct ActionBody {
  std::optional<std::string> reason;
  std::optional<std::int64_t> resume_id;
  std::optional<std::string> letter;
  std::optional<std::string> interview_at;
  std::optional<std::string> interview_format;
  std::optional<std::string> interview_place;
  std::optional<std::string> interview_message;
};
BOOST_DESCRIBE_STRUCT(ActionBody, (),
                      (reason, resume_id, letter, interview_at, interview_format, interview_place,
                       interview_message))

struct ListParams {
  std::optional<std::string> status;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(ListParams, (), (status, cursor, limit))

/// The schema's enum has checked the status.
ListQuery QueryOf(ListParams params) {
  ListQuery query;
  if (params.status) query.status = ParseStatus(*params.status);
  query.cursor = std::move(params.cursor);
  query.limit = params.limit;
  return query;
}

class Edge final {
 public:
  explicit Edge(Hiring& hiring) : hiring_(hiring) {}

  awaitable<ResponseView> Respond(const Call& call, RespondInput input) {
    auto response =
        co_await hiring_.Respond(call.User().user_id, call.Id(), input.resume_id, std::move(input.letter));
    co_return View(response);
  }

  awaitable<ResponsePageView> ForVacancy(const Call& call, ListParams params) {
    auto query = QueryOf(std::move(params));
    auto page = co_await hiring_.ListForVacancy(call.User().user_id, call.Id(), query);
    co_return PageView(page);
  }

  awaitable<MyResponseView> MyResponse(const Call& call) {
    auto response = co_await hiring_.MyResponse(call.User().user_id, call.Id());
    MyResponseView view;
    if (response) view.response = View(*response);
    co_return view;
  }

  awaitable<ResponseView> Invite(const Call& call, InviteInput input) {
    InterviewInput interview;
    interview.at = TimeOf(input.interview_at);
    interview.format = FormatOf(input.interview_format);
    interview.place = input.interview_place.value_or("");
    auto response = co_await hiring_.Invite(call.User().user_id, call.Id(), input.vacancy_id,
                                            std::move(input.letter), std::move(interview));
    co_return View(response);
  }

  awaitable<ResponsePageView> ForResume(const Call& call, ListParams params) {
    auto query = QueryOf(std::move(params));
    auto page = co_await hiring_.ListForResume(call.User().user_id, call.Id(), query);
    co_return PageView(page);
  }

  awaitable<ResponsePageView> Mine(const Call& call, ListParams params) {
    auto query = QueryOf(std::move(params));
    auto page = co_await hiring_.ListMine(call.User().user_id, query);
    co_return PageView(page);
  }

  awaitable<ResponseView> Get(const Call& call) {
    auto response = co_await hiring_.Get(call.User().user_id, call.Id());
    co_return View(response);
  }

  /// {action}: one of ResponseTransition; any other word is 404 hiring:action_unknown.
  awaitable<ResponseView> Transition(const Call& call, ActionBody body) {
    const auto action = ParseTransition(call.Param("action"));
    if (!action) throw NotFound({"hiring:action_unknown", {}});
    ActionInput input;
    input.reason = std::move(body.reason);
    input.resume_id = body.resume_id;
    input.letter = std::move(body.letter);
    input.interview.at = TimeOf(body.interview_at);
    input.interview.format = FormatOf(body.interview_format);
    input.interview.place = body.interview_place.value_or("");
    input.interview.message = body.interview_message.value_or("");
    auto response = co_await hiring_.Transition(call.User().user_id, call.Id(), *action, std::move(input));
    co_return View(response);
  }

 private:
  Hiring& hiring_;
};

}  // namespace

void Register(web::App& app, Hiring& hiring) {
  if (!app.GetContract().HasPart("hiring")) app.GetContract().AddPart("hiring", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(hiring));
  api.Add("respondToVacancy", &Edge::Respond);
  api.Add("listVacancyResponses", &Edge::ForVacancy);
  api.Add("getMyVacancyResponse", &Edge::MyResponse);
  api.Add("inviteResume", &Edge::Invite);
  api.Add("listResumeResponses", &Edge::ForResume);
  api.Add("listMyResponses", &Edge::Mine);
  api.Add("getResponse", &Edge::Get);
  api.Add("transitionResponse", &Edge::Transition);
}

}  // namespace artel::hiring
