#!/usr/bin/env bash
# Backs up the PostgreSQL database and the local media folder into one dated folder.
#   DATABASE_URL=postgres://… DATA_DIR=./data scripts/backup.sh [BACKUP_ROOT]
# Writes BACKUP_ROOT/juntos-<UTC time>/{database.dump,media.tar.gz,SHA256SUMS} and prints the
# folder. The dump is pg_dump's custom format (compressed, restorable table by table); it is taken
# in one transaction, so it is consistent while the platform keeps running. With S3 media
# (S3_BUCKET set) the media are not on this machine: back the bucket up with the provider's tools
# (see docs/operations.md "Backups"). Give the password through PGPASSWORD or ~/.pgpass rather
# than in DATABASE_URL, which other users of the machine can read in the process list.
set -euo pipefail

: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL database to back up}"
data_dir="${DATA_DIR:-./data}"
root="${1:-./backups}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
target="$root/juntos-$stamp"
mkdir -p "$target"
chmod 700 "$target"

pg_dump --format=custom --no-owner --no-privileges --file="$target/database.dump" "$DATABASE_URL"

if [ -z "${S3_BUCKET:-}" ] && [ -d "$data_dir/media" ]; then
  tar -C "$data_dir" -czf "$target/media.tar.gz" media
fi

(cd "$target" && sha256sum -- * > SHA256SUMS)
echo "$target"
