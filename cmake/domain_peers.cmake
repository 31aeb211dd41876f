# cmake/domain_peers.cmake: which domains of actors/ each domain may include (actors/<domain>/ →
# actors/<peer>/), checked by the test borders.domain_peers (cmake/check_domain_peers.cmake), which also
# fails on a peer listed here that no file of the domain includes.
#
# The actor peers mirror the constructor wiring in app/loop_domain.cpp: an actor that is handed
# another actor may include its header. The edges marked "rules" are uses of another domain's pure
# rules or helpers, not of its actor; they are the next to move into a shared place (issue 31),
# and the list keeps new ones from appearing unnoticed. The e-mail rule and trimming that many
# forms share live in actors/form_text.h, the single field rules (dates, postal codes, VAT ids, ...)
# with their messages in actors/field_rules.h, outside every domain; the Redis window the limits count in
# is the reactor's (reactor/rate_window.h). A domain not listed here (billing, favourites, job_alerts, places,
# ratings, system, tracking, and files, the one home of stored files) may include no other domain; a new folder of actors/ starts the same.

set(JH_PEERS_profiles accounts files)           # actor: profiles(loop, accounts); files: its images, documents and videos are stored files
set(JH_PEERS_applications accounts profiles shifts files)   # actor: applications(loop, accounts, profiles); files: an applicant's files delivered to the provider; shifts/shift_choice.h and shift_rules.h: shifts chosen in the application's transaction (docs/shifts.md)
set(JH_PEERS_contact accounts)                  # actor: contact(loop, accounts)
set(JH_PEERS_provider_registration accounts)    # actor: provider_registration(loop, accounts)
set(JH_PEERS_content jobs organizations)        # actor: content(loop, jobs, organizations)
set(JH_PEERS_organizations files)               # files: the logo is a stored file (actors/files/)
set(JH_PEERS_jobs organizations files)          # actor: job_editor(loop, org_editor); files: the import's uploaded file
set(JH_PEERS_shifts organizations)              # actor: shifts(loop, org_editor)
set(JH_PEERS_talents organizations)             # actor: talents(loop, org_editor)
set(JH_PEERS_reports organizations)             # actor: reports(loop, org_editor)
set(JH_PEERS_search jobs organizations)         # routes: /api/multi_search asks both actors of its loop
