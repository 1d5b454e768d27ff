#pragma once

// Favourites (issue 25): a user's bookmarks of orders, freelancers, vacancies, resumes and companies. A row
// is only (user, kind, item id); what the list shows of an item is asked, each time, of the item's own domain
// through a Reader, under that domain's visibility rule for the reader. An item the reader can no longer open
// (deleted, hidden, blocked, a personal order) is listed as unavailable with no title: the list, its counts
// and its previews never reveal more than the reader could see by opening the item. Knows nothing of HTTP.

#include <array>
#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/kernel/enum_names.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::favourites {

enum class Kind : std::uint8_t { kOrder, kFreelancer, kVacancy, kResume, kCompany };

inline constexpr kernel::EnumNames<Kind, 5> kKindNames{{
    {Kind::kOrder, "order"},
    {Kind::kFreelancer, "freelancer"},
    {Kind::kVacancy, "vacancy"},
    {Kind::kResume, "resume"},
    {Kind::kCompany, "company"},
}};

/// What a domain lets its reader see of an item: its title, a second line, and whether it is closed (an
/// order no longer taking bids, an archived vacancy, a hidden resume its owner still sees).
struct Summary {
  std::string title;
  std::optional<std::string> subtitle;
  bool closed = false;
};

/// The item `id` as `viewer_id` may open it, or nullopt when they may not (or it is gone).
using Reader =
    std::function<boost::asio::awaitable<std::optional<Summary>>(std::int64_t id, std::int64_t viewer_id)>;

/// One Reader per kind, in Kind order; module.cpp fills them from the domains' public readers.
using Readers = std::array<Reader, kKindNames.size()>;

struct Settings {
  /// The most bookmarks one user may keep, over all kinds (`favourites.max_per_user`).
  std::uint32_t max_per_user = 500;
};

inline constexpr std::int32_t kPageSize = 20;

struct Item {
  Kind kind = Kind::kOrder;
  std::int64_t id = 0;
  TimePoint added_at;
  /// nullopt when the reader may no longer open the item: no title, no subtitle.
  std::optional<Summary> summary;
};

struct Counts {
  std::array<std::int64_t, kKindNames.size()> by_kind{};
};

struct Page {
  std::vector<Item> items;
  std::int32_t page = 1;
  std::int32_t pages = 1;
  std::int64_t total = 0;
  Counts counts;
};

class Favourites final {
 public:
  Favourites(db::Pool& pool, Readers readers, Settings settings);
  ~Favourites();
  Favourites(const Favourites&) = delete;
  Favourites& operator=(const Favourites&) = delete;

  /// Bookmarks the item (idempotent: true when it was new). NotFound (favourites:not_found) when the actor
  /// may not open it; Conflict (favourites:limit_reached) at the limit.
  boost::asio::awaitable<bool> Add(const Actor& actor, Kind kind, std::int64_t id);
  /// Removes the bookmark (idempotent), whether or not the item is still there.
  boost::asio::awaitable<void> Remove(const Actor& actor, Kind kind, std::int64_t id);
  boost::asio::awaitable<bool> Has(const Actor& actor, Kind kind, std::int64_t id);
  /// The actor's own bookmarks of `kind`, newest first, `kPageSize` a page (1-based), with the counts of
  /// every kind.
  boost::asio::awaitable<Page> List(const Actor& actor, Kind kind, std::int32_t page);

  /// The kind named in a path: NotFound (favourites:kind_unknown) for any other word.
  static Kind ParseKind(std::string_view name);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::favourites
