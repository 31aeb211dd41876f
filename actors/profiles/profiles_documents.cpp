// profiles_documents.cpp: the profile's documents (business license, certificate of enrolment,
// others) with their attachments: upload, change, deletion and the files.
// Part of profiles_actor (profiles_actor.h).
#include "actors/profiles/profiles_actor.h"

#include <charconv>
#include <filesystem>

#include "actors/profiles/profiles_internal.h"
#include "media/media_files.h"
#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

using namespace profiles;
using namespace media;
using namespace profiles::detail;

namespace {

std::optional<std::int64_t> trailing_id(std::string_view s) {
    auto slash = s.rfind('/');
    if (slash != std::string_view::npos) s = s.substr(slash + 1);
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v <= 0) return std::nullopt;
    return v;
}

std::optional<bool> form_bool(std::string_view s) {
    if (s == "true" || s == "1" || s == "on") return true;
    if (s == "false" || s == "0" || s == "off" || s.empty()) return false;
    return std::nullopt;
}

struct stored_part {
    std::string key;
    std::string content_type;
    std::string file_name;
    std::uint64_t bytes = 0;
};

// Checks each file part by its bytes and moves it into the media folder: PDFs as they are, images
// re-encoded (metadata dropped). Runs on the pool. Empty result and `bad_index` set on a file that
// is neither; empty and `written` not written when a file could not be (a full disk: no_space).
struct stored_parts {
    std::vector<stored_part> parts;
    int bad_index = -1;
    write_status written = write_status::written;
};

stored_parts store_document_files(const std::vector<multipart_file>& files, const std::string& var_dir) {
    stored_parts out;
    for (std::size_t i = 0; i < files.size(); ++i) {
        file_kind k = sniff(files[i].head);
        if (k != file_kind::pdf && !is_image(k)) {
            out.bad_index = static_cast<int>(i);
            break;
        }
    }
    if (out.bad_index < 0) {
        for (std::size_t i = 0; i < files.size(); ++i) {
            const auto& f = files[i];
            stored_part s{new_storage_key(), "", f.client_name, 0};
            file_kind k = sniff(f.head);
            if (k == file_kind::pdf) {
                out.written = move_into_media(f.path, var_dir, s.key);
                if (out.written != write_status::written) break;
                s.content_type = "application/pdf";
                s.bytes = f.size;
            } else {
                processed_image img = process_image(f.path, var_dir, s.key, false);
                if (!img.ok) {
                    if (img.written != write_status::written) out.written = img.written;   // the disk's fault
                    else out.bad_index = static_cast<int>(i);
                    break;
                }
                s.content_type = "image/jpeg";
                s.bytes = img.bytes;
            }
            out.parts.push_back(std::move(s));
        }
    }
    if (out.bad_index >= 0 || out.written != write_status::written) {
        for (const auto& p : out.parts) remove_media(var_dir, p.key);
        out.parts.clear();
    }
    std::error_code ec;
    for (const auto& f : files) std::filesystem::remove(f.path, ec);
    return out;
}

// The sniff check of every file part, as a violation per part (the answer before anything is stored).
void check_document_files(const std::vector<multipart_file>& files, std::vector<violation>& v) {
    for (std::size_t i = 0; i < files.size(); ++i)
        if (file_kind k = sniff(files[i].head); k != file_kind::pdf && !is_image(k))
            v.push_back({files.size() == 1 ? std::string("file") : "file[" + std::to_string(i) + "]", std::string(msg::not_a_document)});
}

// Stores the file parts on the pool (store_document_files) and turns its outcome into a result:
// a part that is no document is the 422 on "file", a full disk the 503, a failed move an internal error.
task<result<std::vector<stored_part>>> store_documents(files::file_store& pool, const std::string& var_dir,
                                                       std::vector<multipart_file> files) {
    // The job is named before the co_await: g++ 12 destroys a lambda temporary inside a co_await
    // expression twice.
    auto job = [files = std::move(files), var_dir] { return store_document_files(files, var_dir); };
    CO_TRY(auto stored, co_await pool.run(std::move(job)));
    if (stored.bad_index >= 0) co_return invalid("file", msg::not_a_document);
    CO_CHECK(files::file_kept(stored.written));
    co_return std::move(stored.parts);
}

// A document form's files once its fields are checked: with violations (`v`, the fields' and then
// the files' own) the 422 naming them all and nothing stored; else the files stored. The caller
// discards the form's temporary parts either way.
task<result<std::vector<stored_part>>> check_and_store_documents(files::file_store& pool, const std::string& var_dir,
                                                                 std::vector<multipart_file> files, std::vector<violation> v) {
    check_document_files(files, v);
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    co_return co_await store_documents(pool, var_dir, std::move(files));
}

std::vector<std::string> keys_of(const std::vector<stored_part>& parts) {
    std::vector<std::string> keys;
    for (const auto& p : parts) keys.push_back(p.key);
    return keys;
}

// Records stored parts as attachments of one document, inside the caller's transaction.
task<result<void>> insert_attachments(pg::transaction& tx, std::int64_t document_id, const std::vector<stored_part>& parts) {
    for (const auto& p : parts) {
        CO_CHECK(co_await tx.query(
            "INSERT INTO profile_document_attachments (document_id, storage_key, content_type, file_name, bytes) "
            "VALUES ($1, $2, $3, $4, $5)",
            pg::bind(document_id, p.key, p.content_type, p.file_name, static_cast<std::int64_t>(p.bytes))));
    }
    co_return result<void>{};
}

struct document_fields {
    std::optional<std::string> type, valid_from, valid_until, notes;
    std::optional<bool> open_ended;
};

// The document fields the form carries; what is wrong with them is added to `v`.
document_fields read_document_fields(const multipart_form& form, std::vector<violation>& v) {
    document_fields d;
    if (auto t = form.field("type")) {
        if (!in(enums::document_type, *t)) v.push_back({"type", std::string(msg::choice)});
        else d.type = std::string(*t);
    }
    auto date = [&](const char* name, std::optional<std::string>& out) {
        if (auto s = form.field(name)) {
            if (s->empty()) out = std::string();
            else if (!is_date(*s)) v.push_back({name, std::string(msg::date)});
            else out = std::string(*s);
        }
    };
    date("validFrom", d.valid_from);
    date("validUntil", d.valid_until);
    if (auto s = form.field("validOpenEnded")) {
        if (auto b = form_bool(*s)) d.open_ended = *b;
        else v.push_back({"validOpenEnded", std::string(msg::boolean)});
    }
    if (auto s = form.field("notes")) {
        if (s->size() > 2000) v.push_back({"notes", std::string(msg::too_long)});
        else d.notes = std::string(*s);
    }
    return d;
}

}  // namespace

task<result<std::int64_t>> profiles_actor::add_document(const auth::identity& who, document_kind kind, files::upload u) {
    CO_TRY(auto prof, co_await loop_.pg.read("SELECT id FROM candidate_profiles WHERE account_id = $1", pg::bind(who.account_id)));
    if (prof.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::int64_t profile_id = prof.int64(0, 0);

    CO_TRY(auto form, co_await files_.parse(std::move(u), max_document_bytes));
    std::vector<std::string> parts = files::spooled_paths(form);
    std::vector<violation> v;
    document_fields d = read_document_fields(form, v);
    if (!d.type) {
        if (kind == document_kind::business_license) d.type = "business_license";
        else if (kind == document_kind::certificate_of_enrollment) d.type = "enrollment_certificate";
        else if (!form.field("type")) v.push_back({"type", std::string(msg::required)});
    }
    if (d.valid_from && d.valid_until && !d.valid_from->empty() && !d.valid_until->empty() && *d.valid_until < *d.valid_from)
        v.push_back({"validUntil", std::string(msg::date_order)});
    auto given = files::file_parts(form);
    if (given.empty()) v.push_back({"file", std::string(msg::required)});
    auto stored = co_await check_and_store_documents(files_, loop_.cfg.var_dir, std::move(given), std::move(v));
    (void)co_await files_.discard(no_keys, parts);
    CO_TRY(auto stored_parts, std::move(stored));
    std::vector<std::string> keys = keys_of(stored_parts);
    // Only database writes (the files are stored before, removed by the media queue after): it may
    // run twice when a switchover interrupts it (pg::in_transaction).
    auto write = [&](pg::transaction& tx) -> task<result<std::int64_t>> {
        std::optional<std::string> from = d.valid_from && !d.valid_from->empty() ? d.valid_from : std::nullopt;
        std::optional<std::string> until = d.valid_until && !d.valid_until->empty() ? d.valid_until : std::nullopt;
        CO_TRY(auto ins, co_await tx.query(
            "INSERT INTO profile_documents (profile_id, kind, type, valid_from, valid_until, valid_open_ended, notes) "
            "VALUES ($1, $2, $3, $4::date, $5::date, $6, $7) RETURNING id",
            pg::bind(profile_id, document_kind_name(kind), *d.type, from, until, d.open_ended.value_or(false), d.notes.value_or(""))));
        std::int64_t doc_id = ins.int64(0, 0);
        CO_CHECK(co_await insert_attachments(tx, doc_id, stored_parts));
        CO_CHECK(co_await store_completeness(tx, profile_id));
        CO_CHECK(co_await tx.commit());
        co_return doc_id;
    };
    co_return co_await write_or_discard<std::int64_t>(keys, write);
}

task<result<void>> profiles_actor::patch_document(const auth::identity& who, std::int64_t document_id, files::upload u) {
    CO_TRY(auto cur, co_await select_owned(
        "SELECT d.type, coalesce(d.valid_from::text, ''), coalesce(d.valid_until::text, ''), d.valid_open_ended, d.notes, d.profile_id "
        "FROM profile_documents d JOIN candidate_profiles p ON p.id = d.profile_id WHERE d.id = $1 AND p.account_id = $2",
        document_id, who.account_id));
    std::int64_t profile_id = cur.int64(0, 5);

    CO_TRY(auto form, co_await files_.parse(std::move(u), max_document_bytes));
    std::vector<std::string> parts = files::spooled_paths(form);
    std::vector<violation> v;
    document_fields d = read_document_fields(form, v);
    std::string type = d.type.value_or(std::string(cur.text(0, 0)));
    std::string from = d.valid_from.value_or(std::string(cur.text(0, 1)));
    std::string until = d.valid_until.value_or(std::string(cur.text(0, 2)));
    bool open_ended = d.open_ended.value_or(cur.boolean(0, 3));
    std::string notes = d.notes.value_or(std::string(cur.text(0, 4)));
    if (!from.empty() && !until.empty() && until < from) v.push_back({"validUntil", std::string(msg::date_order)});
    // attachmentsToKeep: when the form carries it, attachments not named in it are removed.
    bool has_keep = false;
    std::vector<std::int64_t> keep;
    for (const auto& [k, val] : form.fields) {
        if (k != "attachmentsToKeep" && k != "attachmentsToKeep[]") continue;
        has_keep = true;
        if (val.empty()) continue;
        if (auto id = trailing_id(val)) keep.push_back(*id);
        else v.push_back({"attachmentsToKeep", std::string(msg::integer)});
    }
    auto given = files::file_parts(form);
    auto stored = co_await check_and_store_documents(files_, loop_.cfg.var_dir, std::move(given), std::move(v));
    (void)co_await files_.discard(no_keys, parts);
    CO_TRY(auto stored_parts, std::move(stored));
    std::vector<std::string> new_keys = keys_of(stored_parts);

    // Only database writes (the files are stored before, removed by the media queue after): it may
    // run twice when a switchover interrupts it (pg::in_transaction).
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        std::optional<std::string> f = from.empty() ? std::nullopt : std::optional(from);
        std::optional<std::string> t = until.empty() ? std::nullopt : std::optional(until);
        CO_CHECK(co_await tx.query(
            "UPDATE profile_documents SET type = $2, valid_from = $3::date, valid_until = $4::date, valid_open_ended = $5, "
            "notes = $6, updated_at = now() WHERE id = $1",
            pg::bind(document_id, type, f, t, open_ended, notes)));
        std::vector<std::string> removed;
        if (has_keep) {
            std::string keep_list = "{";
            for (std::size_t i = 0; i < keep.size(); ++i) keep_list += (i ? "," : "") + std::to_string(keep[i]);
            keep_list += "}";
            CO_TRY(auto del, co_await tx.query(
                "DELETE FROM profile_document_attachments WHERE document_id = $1 AND NOT (id = ANY ($2::bigint[])) RETURNING storage_key",
                pg::bind(document_id, keep_list)));
            for (int i = 0; i < del.rows(); ++i) removed.emplace_back(del.text(i, 0));
        }
        CO_CHECK(co_await insert_attachments(tx, document_id, stored_parts));
        CO_CHECK(co_await store_completeness(tx, profile_id));
        std::string idem = "media_remove:document_edit:" + std::to_string(document_id) + ":" + new_storage_key();
        co_return co_await files_.commit_removal(tx, removed, idem);
    };
    co_return co_await write_or_discard<void>(new_keys, write);
}

task<result<void>> profiles_actor::delete_document(const auth::identity& who, std::int64_t document_id) {
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto keys, co_await tx.query(
            "SELECT a.storage_key FROM profile_document_attachments a JOIN profile_documents d ON d.id = a.document_id "
            "JOIN candidate_profiles p ON p.id = d.profile_id WHERE d.id = $1 AND p.account_id = $2",
            pg::bind(document_id, who.account_id)));
        CO_TRY(auto d, co_await delete_owned(tx,
            "DELETE FROM profile_documents d USING candidate_profiles p WHERE d.id = $1 AND d.profile_id = p.id AND p.account_id = $2 "
            "RETURNING p.id",
            document_id, who.account_id));
        std::vector<std::string> removed;
        for (int i = 0; i < keys.rows(); ++i) removed.emplace_back(keys.text(i, 0));
        CO_CHECK(co_await store_completeness(tx, d.int64(0, 0)));
        std::string idem = "media_remove:document:" + std::to_string(document_id);
        co_return co_await files_.commit_removal(tx, removed, idem);
    });
}

task<result<std::int64_t>> profiles_actor::add_attachment(const auth::identity& who, std::int64_t document_id, files::upload u) {
    CO_TRY(auto cur, co_await select_owned(
        "SELECT d.profile_id FROM profile_documents d JOIN candidate_profiles p ON p.id = d.profile_id "
        "WHERE d.id = $1 AND p.account_id = $2",
        document_id, who.account_id));
    CO_TRY(auto form, co_await files_.parse(std::move(u), max_document_bytes));
    auto given = files::file_parts(form);
    std::vector<std::string> parts = files::spooled_paths(form);
    if (given.size() != 1) {
        (void)co_await files_.discard(no_keys, parts);
        co_return invalid("file", msg::required);
    }
    auto stored = co_await store_documents(files_, loop_.cfg.var_dir, std::move(given));
    (void)co_await files_.discard(no_keys, parts);
    CO_TRY(auto stored_parts, std::move(stored));
    if (stored_parts.empty()) co_return fail(error_kind::internal);
    const stored_part& p = stored_parts.front();
    auto a = co_await loop_.pg.query(
        "INSERT INTO profile_document_attachments (document_id, storage_key, content_type, file_name, bytes) "
        "VALUES ($1, $2, $3, $4, $5) RETURNING id",
        pg::bind(document_id, p.key, p.content_type, p.file_name, static_cast<std::int64_t>(p.bytes)));
    if (!a) {
        std::vector<std::string> ks{p.key};
        (void)co_await files_.discard(ks, no_paths);
        co_return std::unexpected(a.error().to_app_error());
    }
    co_return a->int64(0, 0);
}

task<result<void>> profiles_actor::delete_attachment(const auth::identity& who, std::int64_t attachment_id) {
    // The document stays as it was: nothing else changes with one of its files.
    auto nothing_depends = [](pg::transaction&, const pg::result_set&) -> task<result<void>> { co_return result<void>{}; };
    co_return co_await delete_media("attachment",
        "DELETE FROM profile_document_attachments a USING profile_documents d, candidate_profiles p "
        "WHERE a.id = $1 AND a.document_id = d.id AND d.profile_id = p.id AND p.account_id = $2 RETURNING a.storage_key",
        attachment_id, who.account_id, nothing_depends);
}

task<result<files::file_answer>> profiles_actor::attachment_file(const auth::identity& who, std::int64_t attachment_id) {
    CO_TRY(auto r, co_await select_owned(
        "SELECT a.storage_key, a.content_type, a.file_name FROM profile_document_attachments a "
        "JOIN profile_documents d ON d.id = a.document_id JOIN candidate_profiles p ON p.id = d.profile_id "
        "WHERE a.id = $1 AND p.account_id = $2",
        attachment_id, who.account_id));
    co_return files::file_answer{std::string(r.text(0, 1)), {}, std::string(r.text(0, 2)), false, media_path(loop_.cfg.var_dir, r.text(0, 0))};
}

}  // namespace jh
