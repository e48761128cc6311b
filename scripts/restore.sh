#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into the database of DATABASE_URL and DATA_DIR/media.
#   DATABASE_URL=postgres://… DATA_DIR=./data scripts/restore.sh BACKUP_FOLDER
# Stop every API instance first. The database must exist (it may be empty, or hold an older copy:
# the platform's tables are dropped and recreated from the dump). The media folder is replaced.
# Start the platform afterwards: migrations newer than the backup run at start.
set -euo pipefail

: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL database to restore into}"
source_dir="${1:?give the backup folder, e.g. backups/juntos-20261122T040000Z}"
data_dir="${DATA_DIR:-./data}"

(cd "$source_dir" && sha256sum --check --quiet SHA256SUMS)

pg_restore --clean --if-exists --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$DATABASE_URL" "$source_dir/database.dump"

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
