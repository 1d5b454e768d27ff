#pragma once

#include <boost/asio/awaitable.hpp>

#include "artel/core/clock.hpp"
#include "artel/notifications/digest_period.hpp"
#include "artel/notifications/notifications.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::notifications {

/// The e-mail digests (issue 25): the job `notifications.digests` runs one round per cluster per interval.
/// A round finds the users with notifications waiting (digested_at NULL) of kinds whose e-mail interval is
/// hourly…monthly and a confirmed e-mail; for each (user, interval) whose period is due by DuePeriod on the
/// injected clock (local morning, not in quiet hours) and not sent yet, one transaction takes the waiting
/// notifications created before the period's start `FOR UPDATE SKIP LOCKED`, records the period (only if
/// later than the last one recorded), queues one `digest` mail and marks them digested. Nothing new: no
/// mail. A crash before the commit leaves everything as it was; a concurrent round skips the locked rows.
class Digests final {
 public:
  Digests(db::Pool& pool, const Notifier& notifier, const Clock& clock)
      : pool_(pool), notifier_(notifier), clock_(clock) {}
  /// One round; returns the number of digests queued. Needs the notifier's MailDelivery.
  boost::asio::awaitable<int> RunRound() const;

 private:
  db::Pool& pool_;
  const Notifier& notifier_;
  const Clock& clock_;
  mutable TimeZones zones_;
};

}  // namespace artel::notifications
