#pragma once

#include "artel/platform/module.hpp"

namespace artel::resumes {

/// Resumes: provides resumes::Resumes, its routes (tag "resumes"), the photo's file references and the demo
/// resumes. resumes::Grants needs no installation (libs/hiring calls it in its own transactions).
platform::Module Module();

}  // namespace artel::resumes
