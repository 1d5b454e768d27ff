#include "artel/storage/module.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>

#include "artel/core/log.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"
#include "module_requires.hpp"

namespace artel::storage {
namespace {

using boost::asio::awaitable;

awaitable<std::size_t> RemoveTemporaries(const FileStore* files) {
  co_return files->RemoveAbandonedTemporaries();
}

void Install(platform::ModuleContext& context) {
  auto& files = context.GetServices().Emplace<FileStore>(context.PlatformConfig().storage.dir);
  auto& references = context.GetServices().Emplace<FileReferences>();
  Register(context.Web(), files);
  // Every domain's pending uploads, registered by the domains' Install, swept by one job: once per cluster
  // per round (platform jobs, jobs.interval), after storage.upload_retention.
  auto& uploads = context.GetServices().Emplace<PendingUploads>(context.Pool(), files, references);
  const auto& config = context.PlatformConfig();
  context.AddJob(platform::Job{.name = "storage.sweep_uploads",
                               .interval = config.jobs.interval,
                               .run = [&uploads, retention = config.storage.upload_retention](TimePoint now)
                                   -> awaitable<void> { co_await uploads.SweepAll(now - retention); }});

  // A write killed between its write and its rename (kill -9, a power cut) leaves a temporary file; one
  // instance a round removes those older than an hour, off the io threads (a directory walk).
  auto& blocking = context.Blocking();
  context.AddJob(platform::Job{
      .name = "storage.sweep_temporaries",
      .interval = std::chrono::hours(1),
      .run = [&files, &blocking](TimePoint) -> awaitable<void> {
        auto work = RemoveTemporaries(&files);
        const std::size_t removed =
            co_await boost::asio::co_spawn(blocking, std::move(work), boost::asio::use_awaitable);
        if (removed > 0)
          log::Info("storage: removed {} temporary files abandoned by interrupted writes", removed);
      }});
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::storage
