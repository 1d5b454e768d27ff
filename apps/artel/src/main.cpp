// artel: the marketplace server and its maintenance commands.
//   artel [--config PATH] [serve | migrate | seed-demo | create-admin --email E --password P --name N]

#include <fmt/format.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/use_future.hpp>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "application.hpp"
#include "artel/core/config.hpp"
#include "artel/core/log.hpp"
#include "artel/db/embedded.hpp"
#include "artel/db/migrate.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/module_graph.hpp"
#include "artel/server/server.hpp"
#include "artel/server/upgrade.hpp"
#include "artel/web/app.hpp"

namespace artel {
namespace {

struct CommandLine {
  std::string config_path = "artel.yaml";
  std::string command = "serve";
  std::map<std::string, std::string> options;
};

constexpr std::string_view kUsage =
    "usage: artel [--config PATH] [serve | migrate | seed-demo | create-admin --email E --password P --name "
    "N]\n";

std::optional<CommandLine> ParseCommandLine(int argc, char** argv) {
  CommandLine line;
  bool have_command = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") return std::nullopt;
    if (arg.starts_with("--")) {
      if (i + 1 >= argc) return std::nullopt;
      std::string value = argv[++i];
      if (arg == "--config") {
        line.config_path = value;
      } else {
        line.options[arg.substr(2)] = value;
      }
    } else if (!have_command) {
      line.command = arg;
      have_command = true;
    } else {
      return std::nullopt;
    }
  }
  static const std::vector<std::string> kCommands{"serve", "migrate", "seed-demo", "create-admin"};
  if (std::find(kCommands.begin(), kCommands.end(), line.command) == kCommands.end()) return std::nullopt;
  return line;
}

/// Runs a coroutine on the io_context until it finishes; used for the one-shot commands and start-up.
template <class T>
T RunToCompletion(boost::asio::io_context& io, boost::asio::awaitable<T> work) {
  auto future = boost::asio::co_spawn(io, std::move(work), boost::asio::use_future);
  io.restart();
  io.run();
  return future.get();
}

std::string Require(const CommandLine& line, const std::string& name) {
  auto it = line.options.find(name);
  if (it == line.options.end() || it->second.empty()) {
    throw std::invalid_argument(fmt::format("create-admin needs --{}", name));
  }
  return it->second;
}

boost::asio::awaitable<void> DrainAll(server::Server& server, std::optional<server::Server>& other) {
  co_await server.Drained();
  if (other) co_await other->Drained();
}

int Serve(Config& config, boost::asio::io_context& io, std::shared_ptr<db::Pool> pool,
          platform::Host& application) {
  server::ServerOptions options;
  options.host = config.server.host;
  options.port = config.server.port;
  options.static_dir = config.server.static_dir;
  options.request_timeout = config.server.request_timeout;
  options.keep_alive_timeout = config.server.keep_alive_timeout;
  options.write_timeout = config.server.write_timeout;
  options.max_connections = config.server.max_connections;
  options.trust_forwarded_for = config.server.trust_forwarded_for;
  // A protocol a module serves by upgrading connections (the realtime module's WebSocket): on the main
  // port under its path, and on a listener of its own that serves nothing else.
  std::optional<server::Server> upgrade_server;
  if (application.GetServices().Has<server::Upgrade>()) {
    auto& upgrade = application.GetServices().Get<server::Upgrade>();
    options.upgrade = std::shared_ptr<const server::Upgrade>(std::shared_ptr<void>(), &upgrade);
  }
  server::Server server(io, options, application.Web());
  server.Start();
  if (options.upgrade) {
    server::ServerOptions upgrade_options = options;
    upgrade_options.port = options.upgrade->port;
    upgrade_options.upgrade_only = true;
    upgrade_options.max_connections = options.upgrade->max_connections;
    upgrade_server.emplace(io, upgrade_options, application.Web());
    upgrade_server->Start();
    if (options.upgrade->on_listening)
      options.upgrade->on_listening(config.server.host, upgrade_server->Port());
  }

  boost::asio::co_spawn(io, application.RunBackground(), [](std::exception_ptr error) {
    if (!error) return;
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      log::Error("background work stopped: {}", e.what());
    }
  });

  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code& ec, int signal) {
    if (ec) return;
    log::Info("signal {}: stopping (finishing requests in flight)", signal);
    application.StopBackground();
    server.Stop();
    if (upgrade_server) upgrade_server->Stop();
    boost::asio::co_spawn(io, DrainAll(server, upgrade_server), [&](std::exception_ptr) {
      pool->Close();
      io.stop();
    });
  });

  unsigned threads = config.server.threads != 0 ? config.server.threads : std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  std::string url = config.server.public_url;
  log::Info("Artel is listening on {}:{} with {} io threads", config.server.host, server.Port(), threads);
  fmt::print("\n  Artel is running: {}\n  Press Ctrl-C to stop.\n\n", url);
  std::fflush(stdout);

  io.restart();
  std::vector<std::jthread> workers;
  for (unsigned i = 1; i < threads; ++i) workers.emplace_back([&io] { io.run(); });
  io.run();
  workers.clear();
  log::Info("stopped");
  return 0;
}

int Main(int argc, char** argv) {
  auto line = ParseCommandLine(argc, argv);
  if (!line) {
    std::cerr << kUsage;
    return 2;
  }
  auto config_source = ConfigSource::Load(line->config_path);
  Config config = BindPlatform(config_source);
  log::SetLevel(config.log_level);
  EnsureSecret(config);

  std::unique_ptr<db::EmbeddedPostgres> embedded;
  std::string conninfo = config.database.url;
  if (conninfo.empty()) {
    db::EmbeddedOptions embedded_options;
    embedded_options.data_dir = config.database.embedded_dir;
    embedded = db::EmbeddedPostgres::Start(embedded_options);
    conninfo = embedded->ConnInfo();
    // The server that owns the cluster keeps it alive; a short command (migrate, create-admin) does not.
    if (line->command == "serve") embedded->StartWatchdog();
  }

  boost::asio::io_context io;
  db::PoolOptions pool_options;
  pool_options.conninfo = conninfo;
  pool_options.max_size = config.database.pool_size;
  pool_options.acquire_timeout = config.database.acquire_timeout;
  pool_options.statement_timeout = config.database.statement_timeout;
  auto pool = db::Pool::Create(io.get_executor(), pool_options);

  // Every command installs every module: their settings are bound on the way, so a key nobody reads stops
  // Artel here, before the database changes.
  auto application = app::MakeApplication(config, config_source, pool);
  config_source.CheckUnknown();

  auto report = RunToCompletion(io, db::Migrate(*pool, "db/migrations", LibraryGraph()));
  for (const auto& name : report.applied) log::Info("migration applied: {}", name);

  int status = 0;
  if (line->command == "migrate") {
    fmt::print("{} migrations applied, {} were already applied\n", report.applied.size(),
               report.already_applied);
  } else if (line->command == "create-admin") {
    auto id = RunToCompletion(
        io, identity::CreateAdmin(*pool, identity::OptionsFrom(config), Require(*line, "email"),
                                  Require(*line, "password"), Require(*line, "name")));
    fmt::print("admin {} has id {}\n", line->options["email"], id);
  } else if (line->command == "seed-demo") {
    auto lines = RunToCompletion(io, application->SeedDemo());
    fmt::print("\n");
    for (const auto& text : lines) fmt::print("  {}\n", text);
    fmt::print("\n");
  } else {
    status = Serve(config, io, pool, *application);
  }
  if (line->command != "serve") pool->Close();
  return status;
}

}  // namespace
}  // namespace artel

int main(int argc, char** argv) {
  try {
    return artel::Main(argc, argv);
  } catch (const std::exception& e) {
    artel::log::Error("artel: {}", e.what());
    return 1;
  }
}
