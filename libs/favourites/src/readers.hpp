#pragma once

#include "artel/core/clock.hpp"
#include "artel/favourites/favourites.hpp"

namespace artel::orders {
class Orders;
}  // namespace artel::orders
namespace artel::profiles {
class Profiles;
}  // namespace artel::profiles
namespace artel::vacancies {
class Vacancies;
}  // namespace artel::vacancies
namespace artel::resumes {
class Resumes;
}  // namespace artel::resumes
namespace artel::companies {
class Companies;
}  // namespace artel::companies

namespace artel::favourites {

/// Each kind's Reader from its domain's public reader, under that domain's own visibility rule:
/// orders::Orders::GetVisible (a personal order: its two parties), profiles::Profiles::ReachableCard (not
/// blocked), vacancies::Vacancies::GetVisible (a draft: its owner), resumes::Resumes::Get (the resume's
/// visibility and status), companies::Companies::Get. Their NotFound is "unavailable".
struct Domains {
  orders::Orders& orders;
  profiles::Profiles& profiles;
  vacancies::Vacancies& vacancies;
  resumes::Resumes& resumes;
  companies::Companies& companies;
  const Clock& clock;
};

Readers DomainReaders(const Domains& domains);

}  // namespace artel::favourites
