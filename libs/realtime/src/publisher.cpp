#include "artel/realtime/publisher.hpp"

#include <fmt/format.h>

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "artel/db/pool.hpp"

namespace artel::realtime {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kNotify{"realtime.notify", R"sql(
SELECT pg_notify('artel_realtime', $1)
)sql"};

// An envelope over NOTIFY's limit is stored and announced by its id; listeners read it back, and the
// realtime module's sweep deletes rows older than a few minutes.
constexpr db::Statement kNotifyByReference{"realtime.notify_by_reference", R"sql(
WITH stored AS (
  INSERT INTO realtime.payloads (envelope, created_at) VALUES ($1, now()) RETURNING id
)
SELECT pg_notify('artel_realtime', '#' || stored.id) FROM stored
)sql"};

}  // namespace

std::string UserChannel(std::int64_t user_id) {
  return fmt::format("private-user.{}", user_id);
}

std::string Publisher::Envelope(std::string_view channel, std::string_view event,
                                const boost::json::value& data, std::string_view except_socket) {
  boost::json::object envelope{{"c", channel}, {"e", event}, {"d", boost::json::serialize(data)}};
  if (!except_socket.empty()) envelope["x"] = except_socket;
  return boost::json::serialize(envelope);
}

awaitable<void> Publisher::Publish(db::Transaction& tx, std::string_view channel, std::string_view event,
                                   const boost::json::value& data) const {
  const std::string envelope = Envelope(channel, event, data, {});
  if (envelope.size() <= kInlinePayloadLimit) {
    co_await tx.Query(kNotify, envelope);
  } else {
    co_await tx.Query(kNotifyByReference, envelope);
  }
}

awaitable<void> Publisher::Publish(std::string_view channel, std::string_view event,
                                   const boost::json::value& data, std::string_view except_socket) const {
  const std::string envelope = Envelope(channel, event, data, except_socket);
  if (envelope.size() <= kInlinePayloadLimit) {
    co_await pool_.Query(kNotify, envelope);
  } else {
    co_await pool_.Query(kNotifyByReference, envelope);
  }
}

}  // namespace artel::realtime
