#include "artel/articles/module.hpp"

#include "artel/articles/articles.hpp"
#include "artel/articles/events.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/storage/pending_uploads.hpp"
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
  // Covers an article stopped using are listed by a trigger (0032) in articles.dropped_covers; storage sweeps
  // them after the retention, each file once nothing uses it any more.
  context.Get<storage::PendingUploads>().Register({.owner = "articles",
                                                   .table = "articles.dropped_covers",
                                                   .key = "name",
                                                   .created_at = "dropped_at",
                                                   .files = {"name"},
                                                   .rows_use_files = false});
  Register(context.Web(), articles, files, context.Blocking(),
           context.PlatformConfig().storage.max_avatar_bytes);
  AddNotificationKinds(context.Get<notifications::Notifier>());

  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoArticles(demo); });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::articles
