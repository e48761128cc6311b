#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into the database of DATABASE_URL and DATA_DIR/media.
# Give the password through PGPASSWORD or ~/.pgpass rather than in DATABASE_URL, which other users
# of the machine can read in the process list.
#   DATABASE_URL=postgres://… DATA_DIR=./data scripts/restore.sh BACKUP_FOLDER
# Stop every API instance first. The database must exist (it may be empty, or hold an older copy:
# the platform's tables are dropped and recreated from the dump). The media folder is replaced.
# Start the platform afterwards: migrations newer than the backup run at start.
set -euo pipefail

: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL database to restore into}"
source_dir="${1:?give the backup folder, e.g. backups/juntos-20261122T040000Z}"
data_dir="${DATA_DIR:-./data}"

(cd "$source_dir" && sha256sum --check --quiet SHA256SUMS)

# The platform's schemas are dropped and rebuilt from the dump in one transaction: tables a newer
# version added (when rolling back an upgrade) go too, and a restore that fails changes nothing.
# The job queue's schema (JOBS_SCHEMA, default `jobs`: pending e-mails and pushes) is restored too.
jobs_schema="${JOBS_SCHEMA:-jobs}"
[[ "$jobs_schema" =~ ^[a-z_][a-z0-9_]{0,62}$ ]] || { echo "JOBS_SCHEMA is not a schema name" >&2; exit 1; }
{
  echo "DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS \"$jobs_schema\" CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;"
  pg_restore --no-owner --no-privileges --file=- "$source_dir/database.dump"
} | psql --quiet --no-psqlrc --single-transaction -v ON_ERROR_STOP=1 --dbname="$DATABASE_URL" >/dev/null

if [ -f "$source_dir/media.tar.gz" ]; then
  mkdir -p "$data_dir"
  rm -rf "$data_dir/media.restoring"
  mkdir "$data_dir/media.restoring"
  tar -C "$data_dir/media.restoring" -xzf "$source_dir/media.tar.gz"
  # Swapped in at the end, so a failed extraction leaves the current media untouched.
  rm -rf "$data_dir/media.previous"
  if [ -d "$data_dir/media" ]; then mv "$data_dir/media" "$data_dir/media.previous"; fi
  mv "$data_dir/media.restoring/media" "$data_dir/media"
  rm -rf "$data_dir/media.restoring" "$data_dir/media.previous"
fi
echo "Restored $source_dir"
