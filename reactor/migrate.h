// migrate.h: applies the numbered SQL files in migrations/ to the database, once each.
//
// `jobhafen migrate` and the start of `jobhafen serve` call this before any loop runs. Files are
// named NNNN_name.sql and applied in numeric order under a PostgreSQL advisory lock, each in its
// own transaction together with its row in schema_migrations (version, name, sha256 checksum,
// time). An applied file must never change: a changed checksum stops the run.
//
// Then the repeatable files migrations/repeatable/R__name.sql (one current definition of a SQL
// function or view each, CREATE OR REPLACE), in name order: a file runs when it was never applied
// or its checksum differs from the one in schema_repeatable_migrations, each in its own
// transaction with its row. The count returned includes them. See docs/running.md ("Migrations").
#pragma once

#include <expected>
#include <string>

namespace jh {

struct config;

// Applies the pending migrations in `migrations_dir`; returns how many were applied, or a message
// naming the file and the problem.
std::expected<int, std::string> migrate_database(const std::string& conninfo, const std::string& migrations_dir);

// `jobhafen migrate`: migrations/ of the current directory (else the source tree's), prints
// "applied N migrations" or the error, returns the exit code.
int migrate_command(const config& cfg);

}  // namespace jh
