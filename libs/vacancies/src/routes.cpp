// The vacancies HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer). The form's rules and catalog references are the
// service's (Vacancies::Create/Update), the list's catalog lookups FilterOf's.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>

#include "artel/catalog/catalog.hpp"
#include "artel/vacancies/vacancies.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "input.hpp"
#include "views.hpp"

namespace artel::vacancies {

/// libs/vacancies/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

/// listVacancies: the shared filters, the category, the order and the page.
struct ListParams : FilterQuery {
  std::optional<std::string> category;
  std::optional<std::string> sort;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(ListParams, (FilterQuery), (category, sort, cursor, limit))

struct MineParams {
  std::optional<std::string> status;
  std::optional<std::int64_t> company;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(MineParams, (), (status, company, cursor, limit))

struct PageParams {
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(PageParams, (), (cursor, limit))

class Edge final {
 public:
  explicit Edge(Vacancies& vacancies) : vacancies_(vacancies) {}

  awaitable<VacancyPageView> List(const Call&, ListParams params) {
    auto catalog = co_await vacancies_.Catalog().Get();
    auto filter =
        FilterOf(*catalog, std::move(static_cast<FilterQuery&>(params)), params.category, params.sort);
    auto page = co_await vacancies_.List(filter, std::move(params.cursor), params.limit);
    co_return PageView(page);
  }

  awaitable<CountsView> Count(const Call&, FilterQuery params) {
    auto catalog = co_await vacancies_.Catalog().Get();
    auto filter = FilterOf(*catalog, std::move(params));
    auto counts = co_await vacancies_.CountByCategory(filter);
    co_return CountsOf(counts);
  }

  awaitable<web::Reply<VacancyView>> Create(const Call& call, FormInput form) {
    const auto user_id = call.User().user_id;
    auto input = InputOf(std::move(form));
    const auto vacancy_id = co_await vacancies_.Create(user_id, input);
    auto view = co_await Detail(vacancy_id, user_id);
    co_return web::Reply<VacancyView>{std::move(view), 201};
  }

  awaitable<MyVacancyPageView> Mine(const Call& call, MineParams params) {
    std::optional<Status> status;
    if (params.status) status = ParseStatus(*params.status);  // the schema's enum has checked it
    auto page = co_await vacancies_.ListMine(call.User().user_id, status, params.company,
                                             std::move(params.cursor), params.limit);
    co_return MyPageView(page);
  }

  awaitable<VacancyView> Get(const Call& call) {
    const auto viewer_id = call.ViewerId();
    auto vacancy = co_await vacancies_.GetVisible(call.Id(), viewer_id, true);
    co_return View(vacancy, viewer_id);
  }

  awaitable<VacancyView> Update(const Call& call, VacancyPatch patch) {
    const auto user_id = call.User().user_id;
    const auto vacancy_id = call.Id();
    co_await vacancies_.Update(user_id, vacancy_id, patch);
    co_return co_await Detail(vacancy_id, user_id);
  }

  awaitable<web::NoContent> Delete(const Call& call) {
    co_await vacancies_.Delete(call.User().user_id, call.Id());
    co_return web::NoContent{};
  }

  awaitable<VacancyView> Publish(const Call& call) { co_return co_await Move(call, Action::kPublish); }
  awaitable<VacancyView> Archive(const Call& call) { co_return co_await Move(call, Action::kArchive); }
  awaitable<VacancyView> Renew(const Call& call) { co_return co_await Move(call, Action::kRenew); }

  awaitable<VacancyPageView> OfCompany(const Call& call, PageParams params) {
    auto page = co_await vacancies_.ListOfCompany(call.Id(), std::move(params.cursor), params.limit);
    co_return PageView(page);
  }

 private:
  awaitable<VacancyView> Detail(std::int64_t vacancy_id, std::int64_t user_id) {
    auto vacancy = co_await vacancies_.GetVisible(vacancy_id, user_id);
    co_return View(vacancy, user_id);
  }

  awaitable<VacancyView> Move(const Call& call, Action action) {
    const auto user_id = call.User().user_id;
    const auto vacancy_id = call.Id();
    co_await vacancies_.Transition(user_id, vacancy_id, action);
    co_return co_await Detail(vacancy_id, user_id);
  }

  Vacancies& vacancies_;
};

}  // namespace

void Register(web::App& app, Vacancies& vacancies) {
  if (!app.GetContract().HasPart("vacancies")) app.GetContract().AddPart("vacancies", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(vacancies));
  api.Add("listVacancies", &Edge::List);
  api.Add("countVacancies", &Edge::Count);
  api.Add("createVacancy", &Edge::Create);
  api.Add("listMyVacancies", &Edge::Mine);
  api.Add("getVacancy", &Edge::Get);
  api.Add("updateVacancy", &Edge::Update);
  api.Add("deleteVacancy", &Edge::Delete);
  api.Add("publishVacancy", &Edge::Publish);
  api.Add("archiveVacancy", &Edge::Archive);
  api.Add("renewVacancy", &Edge::Renew);
  api.Add("listCompanyVacancies", &Edge::OfCompany);
}

}  // namespace artel::vacancies
