#pragma once

// The one seam every domain library plugs into. A domain exports `platform::Module Module()` (name,
// the modules it needs, and its Install function); apps/artel lists the modules; Install adds, through the
// ModuleContext, everything the domain brings: routes and readiness checks, periodic jobs, notification
// kinds (through the notifications module's service), its config section, event listeners, its demo
// seeder, and the services other modules may use. Nothing outside the module names its internals.

#include <algorithm>
#include <boost/asio/awaitable.hpp>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <typeindex>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/config.hpp"
#include "artel/platform/events.hpp"
#include "artel/platform/jobs.hpp"

namespace boost::asio {
class thread_pool;
}  // namespace boost::asio

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::i18n {
class Catalog;
}  // namespace artel::i18n

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::platform {

class ModuleContext;
class DemoContext;

struct Module {
  /// Also the folder of its migrations, db/migrations/<name>/ (when it has any).
  std::string_view name;
  /// Modules that must be installed first (whose services, events or tables this one uses).
  std::vector<std::string_view> depends_on;
  void (*install)(ModuleContext& context) = nullptr;
};

/// `artel seed-demo`'s part of a module: adds believable data through the module's own services. Seeders
/// run in module order and must be idempotent (a second run adds nothing).
using DemoSeeder = std::function<boost::asio::awaitable<void>(DemoContext& demo)>;

/// A long-running background task (the mail worker): `run` until `stop` is called.
struct BackgroundTask {
  std::string name;
  std::function<boost::asio::awaitable<void>()> run;
  std::function<void()> stop;
};

/// Typed services shared between modules: one object per type, owned here, destroyed in the reverse order
/// of creation (a service may hold references to the ones made before it).
class Services final {
 public:
  Services() = default;
  Services(const Services&) = delete;
  Services& operator=(const Services&) = delete;
  ~Services();

  template <class T, class... Args>
  T& Emplace(Args&&... args) {
    auto owned = std::make_shared<T>(std::forward<Args>(args)...);
    T& ref = *owned;
    Put(std::type_index(typeid(T)), std::shared_ptr<void>(std::move(owned), &ref), typeid(T).name());
    return ref;
  }
  /// Registers an object owned elsewhere (it must outlive this registry).
  template <class T>
  T& Borrow(T& object) {
    Put(std::type_index(typeid(T)), std::shared_ptr<void>(std::shared_ptr<void>(), &object),
        typeid(T).name());
    return object;
  }
  /// The service of type T; std::logic_error naming it when no installed module provides one.
  template <class T>
  T& Get() const {
    return *static_cast<T*>(Find(std::type_index(typeid(T)), typeid(T).name()));
  }
  template <class T>
  bool Has() const {
    return Contains(std::type_index(typeid(T)));
  }

 private:
  void Put(std::type_index type, std::shared_ptr<void> object, const char* name);
  void* Find(std::type_index type, const char* name) const;
  bool Contains(std::type_index type) const;

  struct Entry {
    std::type_index type;
    std::shared_ptr<void> object;
  };
  std::vector<Entry> entries_;
};

/// What a module's Install gets. Valid only during Install, except the references it hands out, which
/// live as long as the running application.
class ModuleContext final {
 public:
  struct Parts {
    const Config& config;
    ConfigSource& config_source;
    db::Pool& pool;
    const Clock& clock;
    const i18n::Catalog& catalog;
    web::App& web;
    boost::asio::thread_pool& blocking;
    EventBus& events;
    JobRunner& jobs;
    Services& services;
    std::vector<std::pair<std::string, DemoSeeder>>& seeders;
    std::vector<BackgroundTask>& background;
  };
  ModuleContext(std::string_view module, Parts parts) : module_(module), parts_(parts) {}

  std::string_view ModuleName() const noexcept { return module_; }
  /// The platform's settings (server, database, storage, …).
  const Config& PlatformConfig() const noexcept { return parts_.config; }
  /// The module's own section of artel.yaml (and ARTEL_<SECTION>_* variables): keys it binds are known,
  /// every other key of the file stops start-up.
  ConfigSection Section(std::string name) const {
    return ConfigSection(parts_.config_source, std::move(name));
  }

  db::Pool& Pool() const noexcept { return parts_.pool; }
  const Clock& GetClock() const noexcept { return parts_.clock; }
  const i18n::Catalog& Catalog() const noexcept { return parts_.catalog; }
  /// Routes and readiness checks are added on the web app (its router and AddReadinessCheck).
  web::App& Web() const noexcept { return parts_.web; }
  /// CPU-heavy request work (decoding uploaded images) off the io threads.
  boost::asio::thread_pool& Blocking() const noexcept { return parts_.blocking; }
  EventBus& Events() const noexcept { return parts_.events; }
  Services& GetServices() const noexcept { return parts_.services; }
  template <class T>
  T& Get() const {
    return parts_.services.Get<T>();
  }

  void AddJob(Job job) const { parts_.jobs.Add(std::move(job)); }
  void AddDemoSeeder(DemoSeeder seeder) const { parts_.seeders.emplace_back(module_, std::move(seeder)); }
  void AddBackgroundTask(BackgroundTask task) const { parts_.background.push_back(std::move(task)); }

 private:
  std::string_view module_;
  Parts parts_;
};

/// A deterministic generator for demo data, so every demo database looks the same.
class DemoDice final {
 public:
  explicit DemoDice(std::uint32_t seed) : engine_(seed) {}
  std::size_t Below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(engine_); }
  bool Chance(double p) { return std::bernoulli_distribution(p)(engine_); }

 private:
  std::mt19937 engine_;
};

/// Demo texts are Russian or English; a Russian one is the one with non-ASCII letters. Seeders that add to
/// another seeder's data (bids, reviews on the demo orders) answer in the language it was written in.
inline bool IsRussianDemoText(std::string_view text) {
  return std::ranges::any_of(text, [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

/// What a demo seeder gets: the services of every installed module and a place to say what it added.
class DemoContext final {
 public:
  DemoContext(db::Pool& pool, const Config& config, Services& services)
      : pool_(pool), config_(config), services_(services) {}
  db::Pool& Pool() const noexcept { return pool_; }
  const Config& PlatformConfig() const noexcept { return config_; }
  template <class T>
  T& Get() const {
    return services_.Get<T>();
  }
  /// A line for `artel seed-demo` to print ("Demo marketplace: 201 orders").
  void Report(std::string line) { lines_.push_back(std::move(line)); }
  const std::vector<std::string>& Lines() const noexcept { return lines_; }

 private:
  db::Pool& pool_;
  const Config& config_;
  Services& services_;
  std::vector<std::string> lines_;
};

}  // namespace artel::platform
