#pragma once

#include <boost/asio/awaitable.hpp>

#include "artel/platform/module.hpp"

namespace artel::notifications {

/// Notification settings for a few demo accounts (time zones, quiet hours, some choices other than the
/// defaults), saved through Settings::Put so they obey its rules; idempotent. Mutes the notifier's mails for
/// the seeders after it.
boost::asio::awaitable<void> SeedDemoPreferences(platform::DemoContext& demo);

}  // namespace artel::notifications
