#include "artel/help/module.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "artel/help/help.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::help {
namespace {

using boost::asio::awaitable;

HelpSettings BindSettings(ConfigSection section) {
  HelpSettings settings;
  section.Bind("support_address", settings.support_address);
  section.Bind("tickets_per_hour", settings.tickets_per_hour);
  section.Bind("tickets_per_ip_per_hour", settings.tickets_per_ip_per_hour);
  if (settings.support_address.find('@') == std::string::npos) {
    throw std::runtime_error(
        fmt::format("config {}: must be an e-mail address", section.Path("support_address")));
  }
  if (settings.tickets_per_hour < 1 || settings.tickets_per_ip_per_hour < settings.tickets_per_hour) {
    throw std::runtime_error(fmt::format("config {}: must be at least 1 and at most {}",
                                         section.Path("tickets_per_hour"),
                                         section.Path("tickets_per_ip_per_hour")));
  }
  return settings;
}

void Install(platform::ModuleContext& context) {
  auto settings = BindSettings(context.Section("help"));
  auto& files = context.Get<storage::FileStore>();
  // Uploads wait in help.attachments until a ticket lists them (a guest's bound to its upload token);
  // storage sweeps the unattached ones. A file a ticket uses is never removed by another domain's sweep: its
  // private file, and the public one of a row stored before ticket files were private until
  // MovePrivateFiles has moved it.
  context.Get<storage::PendingUploads>().Register({.owner = "help",
                                                   .table = "help.attachments",
                                                   .attached_by = "ticket_id",
                                                   .files = {"file_name", "thumbnail_name"},
                                                   .space = storage::Space::kPrivate,
                                                   .moves_from_public = true});
  auto& help = context.GetServices().Emplace<Help>(context.Pool(), std::move(settings), context.GetClock());
  Register(context.Web(), help, files, context.PlatformConfig().storage.max_attachment_bytes,
           context.Blocking());
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded = co_await SeedDemoHelp(demo.Pool(), demo.Get<Help>());
    if (seeded.questions > 0 || seeded.pages > 0 || seeded.tickets > 0) {
      demo.Report(fmt::format("Demo help: {} FAQ questions, {} pages, {} tickets", seeded.questions,
                              seeded.pages, seeded.tickets));
    }
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::help
