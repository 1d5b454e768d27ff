#include "artel/hiring/module.hpp"

#include <fmt/format.h>

#include "artel/db/pool.hpp"
#include "artel/hiring/events.hpp"
#include "artel/hiring/hiring.hpp"
#include "artel/messenger/context_types.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/notifications/notifications.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::hiring {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kResponseTitles{"hiring.response_titles", R"sql(
SELECT r.id, v.title
FROM hiring.responses r
JOIN vacancies.vacancies v ON v.id = r.vacancy_id
WHERE r.id = ANY($1::bigint[])
)sql"};

void Install(platform::ModuleContext& context) {
  auto& hiring = context.GetServices().Emplace<Hiring>(context.Pool(), context.Events(), context.GetClock());
  Register(context.Web(), hiring);
  AddNotificationKinds(context.Get<notifications::Notifier>());
  // A chat about a response: between its two sides, titled with the vacancy's title.
  context.Get<messenger::ContextTypes>().Add(
      {"response",
       [&hiring](std::int64_t user_id, std::int64_t peer_id, std::int64_t id) -> awaitable<void> {
         co_await hiring.CheckChat(user_id, peer_id, id);
       },
       kResponseTitles});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded =
        co_await SeedDemoResponses(demo.Pool(), demo.Get<Hiring>(), demo.Get<messenger::Messenger>());
    if (seeded.responses > 0) {
      demo.Report(fmt::format("Demo responses: {} ({} invitations, {} chats)", seeded.responses,
                              seeded.invitations, seeded.chats));
    }
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::hiring
