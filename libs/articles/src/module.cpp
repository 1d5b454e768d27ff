#include "artel/articles/module.hpp"

#include <chrono>

#include "artel/articles/articles.hpp"
#include "artel/articles/events.hpp"
#include "artel/core/log.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::articles {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& articles =
      context.GetServices().Emplace<Articles>(context.Pool(), context.Events(), context.GetClock());
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  references.Add(
      "articles",
      "EXISTS (SELECT 1 FROM articles.articles a WHERE a.cover = {name} OR a.cover_thumbnail = {name})");
  articles.UseFileReferences(references);
  Register(context.Web(), articles, files, context.Blocking(),
           context.PlatformConfig().storage.max_avatar_bytes);
  AddNotificationKinds(context.Get<notifications::Notifier>());

  // Covers an article stopped using are swept like the companies' logos, on the marketplace's schedule.
  std::chrono::seconds interval{60};
  std::chrono::seconds retention{24 * 60 * 60};
  auto section = context.Section("marketplace");
  section.Bind("job_interval", interval);
  section.Bind("upload_retention", retention);
  context.AddJob(
      {"articles.sweep_covers", interval, [&articles, &files, retention](TimePoint now) -> awaitable<void> {
         auto unused = co_await articles.SweepCovers(now - retention);
         if (unused.empty()) co_return;
         const auto removed = files.RemoveUnused(unused);
         log::Info("jobs: dropped article covers swept, {} files removed from disk", removed);
       }});

  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoArticles(demo); });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::articles
