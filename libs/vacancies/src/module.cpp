#include "artel/vacancies/module.hpp"

#include <fmt/format.h>

#include <optional>
#include <span>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/companies/companies.hpp"
#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/searches/searches.hpp"
#include "artel/vacancies/events.hpp"
#include "artel/vacancies/saved_searches.hpp"
#include "artel/vacancies/vacancies.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::vacancies {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kPublishedOfCompany{"vacancies.published_of_company", R"sql(
SELECT count(*) AS published FROM vacancies.vacancies WHERE company_id = $1 AND status = 'published'
)sql"};

void Install(platform::ModuleContext& context) {
  auto& vacancies = context.GetServices().Emplace<Vacancies>(context.Pool(), context.Get<catalog::Catalog>(),
                                                             context.Events(), context.GetClock());
  Register(context.Web(), vacancies);
  // The company page's vacancy_count: its published vacancies (vacancies_company_idx).
  context.Get<companies::Companies>().AddContributor(
      {[](const companies::Company& company, std::optional<std::int64_t>) {
         return std::vector<db::PipelineQuery>{{kPublishedOfCompany, db::MakeParams(company.id)}};
       },
       [](const companies::Company&, std::optional<std::int64_t>, std::span<const db::Result> results,
          boost::json::object& json) {
         json["vacancy_count"] = results[0].One().Get<std::int64_t>("published");
       }});
  AddNotificationKinds(context.Get<notifications::Notifier>());
  AddSavedSearchScope(context.Get<searches::Searches>(), vacancies, context.Events());

  // On the platform's schedule (jobs.interval, as the orders' and bids' jobs).
  context.AddJob({"vacancies.archive_expired", context.PlatformConfig().jobs.interval,
                  [&vacancies](TimePoint now) -> awaitable<void> {
                    // Batches until none is due: each takes its rows FOR UPDATE SKIP LOCKED.
                    for (;;) {
                      auto archived = co_await vacancies.ArchiveExpired(now);
                      if (archived.empty()) break;
                      log::Info("jobs: {} expired vacancies archived", archived.size());
                    }
                  }});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded =
        co_await SeedDemoVacancies(demo.Pool(), demo.Get<Vacancies>(), demo.Get<catalog::Catalog>());
    if (seeded > 0) demo.Report(fmt::format("Demo vacancies: {}", seeded));
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::vacancies
