#pragma once

// The described answers (artel/resumes/views.hpp) from the service's rows.

#include "artel/resumes/views.hpp"

namespace artel::db {
class Row;
}  // namespace artel::db

namespace artel::resumes {

/// The ResumeCard of a row of list::CardColumns().
ResumeCardView CardView(const db::Row& row);

}  // namespace artel::resumes
