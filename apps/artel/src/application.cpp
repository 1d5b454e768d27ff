#include "application.hpp"

#include "artel/admin/module.hpp"
#include "artel/articles/module.hpp"
#include "artel/bids/module.hpp"
#include "artel/catalog/module.hpp"
#include "artel/companies/module.hpp"
#include "artel/favourites/module.hpp"
#include "artel/help/module.hpp"
#include "artel/hiring/module.hpp"
#include "artel/home/module.hpp"
#include "artel/identity/module.hpp"
#include "artel/mail/module.hpp"
#include "artel/marketing/module.hpp"
#include "artel/messenger/module.hpp"
#include "artel/notifications/module.hpp"
#include "artel/orders/module.hpp"
#include "artel/profiles/module.hpp"
#include "artel/realtime/module.hpp"
#include "artel/reputation/module.hpp"
#include "artel/resumes/module.hpp"
#include "artel/reviews/module.hpp"
#include "artel/searches/module.hpp"
#include "artel/storage/module.hpp"
#include "artel/vacancies/module.hpp"
#include "artel/wallet/module.hpp"

namespace artel::app {

std::span<const platform::Module> Modules() {
  static const std::vector<platform::Module> kModules{
      mail::Module(),           // the outbox's delivery worker
      storage::Module(),        // uploaded files, the one sweep of pending uploads
      realtime::Module(),       // the Pusher-protocol sockets and the publish API
      catalog::Module(),        // categories, skills, places, currencies
      identity::Module(),       // accounts, sessions, the authenticator
      marketing::Module(),      // UTM attribution
      notifications::Module(),  // the registry of notification kinds
      profiles::Module(),       // users as others see them
      searches::Module(),       // saved searches; the lists register their scopes with it
      orders::Module(),         // orders, the 24-hour rule, their pending uploads
      bids::Module(),           // bids, selection, invitations
      reviews::Module(),        // reviews of completed orders
      companies::Module(),      // employers, their logos and reviews
      messenger::Module(),      // chats between two users, their files and read state
      reputation::Module(),     // performer and customer reputation rows, kept by the others' events
      vacancies::Module(),      // vacancies, the 30-day archive job, their list and search
      resumes::Module(),        // applicants' resumes, their visibility and the public list
      hiring::Module(),         // responses to vacancies and invitations of resumes
      favourites::Module(),     // bookmarks of orders, freelancers, vacancies, resumes and companies
      home::Module(),           // the home page's front: categories with counts, the newest and the top
      articles::Module(),       // articles, their moderation, comments and votes
      help::Module(),           // FAQ, support tickets, legal/info pages
      wallet::Module(),         // the ledger, top-ups through the payment gateway, balances and the statement
      admin::Module(),  // LAST: the admin panel (dashboard, users, audit log) reads the others' tables
  };
  return kModules;
}

std::unique_ptr<platform::Host> MakeApplication(const Config& config, ConfigSource& config_source,
                                                std::shared_ptr<db::Pool> pool) {
  auto host = std::make_unique<platform::Host>(config, config_source, std::move(pool));
  host->Install(Modules());
  return host;
}

}  // namespace artel::app
