#include "artel/messenger/module.hpp"

#include <fmt/format.h>

#include <charconv>
#include <chrono>

#include "artel/core/log.hpp"
#include "artel/identity/user_info.hpp"
#include "artel/kernel/json.hpp"
#include "artel/messenger/context_types.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/orders/module.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/realtime/channels.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/storage/private_move.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "presence.hpp"
#include "routes.hpp"

namespace artel::messenger {
namespace {

using boost::asio::awaitable;

constexpr storage::PrivateTable kAttachmentsTable{"messenger", "messenger.attachments"};

/// Files stored before chat files were private are moved first (a batch a round); then unattached chat
/// uploads older than the retention go, and their private files when no private owner uses them.
awaitable<void> SweepUploads(db::Pool& pool, Messenger& messenger, const storage::FileStore& files,
                             const storage::FileReferences& references, std::chrono::seconds retention,
                             TimePoint now) {
  const auto moved = co_await storage::MovePrivateFiles(pool, files, references, kAttachmentsTable);
  if (moved > 0) log::Info("jobs: {} chat attachments moved to private files", moved);
  const std::string others = references.OthersUse("messenger", "n.name", storage::Space::kPrivate);
  auto sweep = co_await messenger.SweepUploads(now - retention, others);
  if (sweep.removed == 0) co_return;
  const auto files_removed = files.RemoveUnused(sweep.unused_files, storage::Space::kPrivate);
  log::Info("jobs: {} unattached chat uploads swept, {} files removed from disk", sweep.removed,
            files_removed);
}

constexpr db::Statement kOrderTitles{"messenger.order_titles", R"sql(
SELECT id, name AS title FROM orders.orders WHERE id = ANY($1::bigint[])
)sql"};

/// The glue between orders and the messenger: a chat may be about an order the starter can see (orders'
/// own NotFound otherwise), titled with the order's name. The only place the messenger meets orders.
void AddOrderContext(ContextTypes& types, orders::Orders& orders) {
  types.Add({"order",
             [&orders](std::int64_t user_id, std::int64_t, std::int64_t order_id) -> awaitable<void> {
               auto order = co_await orders.GetVisible(order_id, user_id);
               (void)order;
             },
             kOrderTitles});
}

void Install(platform::ModuleContext& context) {
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  // A file a chat uses is never removed by another domain's sweep: its private file, and the public one of
  // a row stored before chat files were private until MovePrivateFiles has moved it.
  references.AddPrivateTable("messenger", "messenger.attachments");
  const auto& settings = context.Get<orders::MarketplaceSettings>();
  auto& context_types = context.GetServices().Emplace<ContextTypes>();
  AddOrderContext(context_types, context.Get<orders::Orders>());
  auto& messenger = context.GetServices().Emplace<Messenger>(
      context.Pool(), context.Get<realtime::Publisher>(), context_types, context.GetClock());
  Register(context.Web(), messenger, files, context.PlatformConfig().storage.max_attachment_bytes,
           context.Blocking());
  context.Get<realtime::Channels>().Add(std::string(kPresencePrefix), PresenceAuthorizer(messenger));
  context.Get<identity::UserInfoExtensions>().Add(
      {[](std::int64_t user_id) { return std::vector<db::PipelineQuery>{Messenger::UnreadQuery(user_id)}; },
       [](std::int64_t, std::span<const db::Result> results, boost::json::object& info) {
         info["unread_msg"] = kernel::ToJson(Messenger::ReadUnread(results[0]));
       }});
  context.AddJob({"messenger.sweep_uploads", settings.job_interval,
                  [&pool = context.Pool(), &messenger, &files, &references,
                   retention = settings.upload_retention](TimePoint now) -> awaitable<void> {
                    co_await SweepUploads(pool, messenger, files, references, retention, now);
                  }});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded = co_await SeedDemoChats(demo.Pool(), demo.Get<Messenger>());
    if (seeded.chats > 0) {
      demo.Report(fmt::format("Demo chats: {} chats, {} messages", seeded.chats, seeded.messages));
    }
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::messenger
