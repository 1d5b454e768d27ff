#include "artel/companies/module.hpp"

#include "artel/catalog/catalog.hpp"
#include "artel/companies/companies.hpp"
#include "artel/companies/events.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::companies {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& companies = context.GetServices().Emplace<Companies>(context.Pool(), context.Get<catalog::Catalog>(),
                                                             context.Events(), context.GetClock());
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  references.Add(
      "companies",
      "EXISTS (SELECT 1 FROM companies.companies c WHERE c.logo = {name} OR c.logo_thumbnail = {name})");
  // Logos a company stopped using are listed by a trigger (0027) in companies.dropped_logos; storage sweeps
  // them after the retention, each file once nothing uses it any more.
  context.Get<storage::PendingUploads>().Register({.owner = "companies",
                                                   .table = "companies.dropped_logos",
                                                   .key = "name",
                                                   .created_at = "dropped_at",
                                                   .files = {"name"},
                                                   .rows_use_files = false});
  Register(context.Web(), companies, files, context.Blocking(),
           context.PlatformConfig().storage.max_avatar_bytes);
  AddNotificationKinds(context.Get<notifications::Notifier>());

  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoCompanies(demo); });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::companies
