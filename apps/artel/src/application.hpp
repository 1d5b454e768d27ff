#pragma once

#include <memory>
#include <span>

#include "artel/core/clock.hpp"
#include "artel/core/config.hpp"
#include "artel/db/pool.hpp"
#include "artel/platform/host.hpp"
#include "artel/platform/module.hpp"

namespace artel::app {

/// Every module of Artel, in the order they install (each after the modules it requires). Adding a domain
/// is one line here.
std::span<const platform::Module> Modules();

/// The platform host with every module installed over one pool: what `artel serve` runs, what the
/// maintenance commands use, and what the route-contract test inspects. Binding the modules' settings is
/// part of installing them, so CheckUnknown() on `config_source` is meaningful afterwards.
std::unique_ptr<platform::Host> MakeApplication(const Config& config, ConfigSource& config_source,
                                                std::shared_ptr<db::Pool> pool);

}  // namespace artel::app
