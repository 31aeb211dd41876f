// organization_json.h: how an organization looks in JSON (organizations_routes.cpp), shared with
// the multi-search.
#pragma once

#include "actors/organizations/organizations_actor.h"
#include "reactor/json_writer.h"

namespace jh::organizations {

// card = true: the OrganizationCard (list, carousel, multi-search hit); false: the Organization
// with description, contact and company details.
void write_organization(json_writer& w, const organization_view& o, bool card);

}  // namespace jh::organizations
