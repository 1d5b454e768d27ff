#include "demo.hpp"

#include <string>
#include <vector>

#include "artel/db/pool.hpp"
#include "settings.hpp"

namespace artel::notifications {
namespace {

struct DemoChoice {
  std::string email;
  std::string time_zone;
  std::optional<QuietHours> quiet;
  std::vector<PreferenceInput> preferences;
};

std::vector<DemoChoice> Choices() {
  return {
      {"anna.smirnova@demo.artel.local",
       "Europe/Moscow",
       QuietHours{"23:00", "08:00"},
       {{"bid_received", "immediately", "immediately"},
        {"invitation_accepted", std::nullopt, "immediately"},
        {"article_comment", "never", std::nullopt}}},
      {"james.carter@demo.artel.local",
       "America/New_York",
       QuietHours{"22:00", "07:00"},
       {{"bid_received", std::nullopt, "daily"}, {"review_received", std::nullopt, "weekly"}}},
      {"dmitry.kozlov@demo.artel.local",
       "Asia/Yekaterinburg",
       std::nullopt,
       {{"bid_selected", std::nullopt, "immediately"}, {"bid_rejected", "never", "never"}}},
      {"kate.wilson@demo.artel.local",
       "Europe/London",
       QuietHours{"21:30", "07:30"},
       {{"invitation_received", std::nullopt, "immediately"}, {"order_completed", std::nullopt, "monthly"}}},
  };
}

}  // namespace

boost::asio::awaitable<void> SeedDemoPreferences(platform::DemoContext& demo) {
  // Notifications' seeder runs before those of the modules that publish events (module order): from here on
  // their notifications are written on the site but mail nobody.
  demo.Get<Notifier>().MuteMail();
  const auto& settings = demo.Get<Settings>();
  auto choices = Choices();
  for (const auto& choice : choices) {
    auto rows = co_await demo.Pool().Query("SELECT id FROM identity.users WHERE email = $1", choice.email);
    if (rows.Empty()) continue;
    const Actor owner{rows.One().Get<std::int64_t>("id")};
    NotificationSettingsInput input;
    input.time_zone = choice.time_zone;
    input.quiet_hours = choice.quiet;
    input.preferences = choice.preferences;
    co_await settings.Put(owner, owner.user_id, input);
  }
}

}  // namespace artel::notifications
