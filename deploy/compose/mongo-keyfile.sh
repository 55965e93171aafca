#!/bin/sh
# Compose's MongoDB with its members' shared key (MONGO_KEYFILE): mongod wants it in a file only its user can read,
# which no bind mount of .env gives, so this writes it there and hands over to the image's entrypoint (which, the
# first time, creates the root user from MONGO_INITDB_ROOT_USERNAME and MONGO_INITDB_ROOT_PASSWORD).
# MONGO_KEYFILE: 6 to 1024 characters of base64, e.g. `openssl rand -base64 756 | tr -d '\n'`.
set -eu
: "${MONGO_KEYFILE:?MONGO_KEYFILE is required (see deploy/env.example)}"
case "$MONGO_KEYFILE" in
  change-me*)
    echo "MONGO_KEYFILE: still env.example's placeholder; set a key of your own" >&2
    exit 1
    ;;
esac
keyfile="${MONGO_KEYFILE_PATH:-/tmp/mongo-keyfile}"
umask 077
printf '%s' "$MONGO_KEYFILE" > "$keyfile"
chmod 400 "$keyfile"
# The image's entrypoint runs mongod as the mongodb user.
if [ "$(id -u)" = 0 ] && id mongodb > /dev/null 2>&1; then chown mongodb:mongodb "$keyfile"; fi
exec "${MONGO_ENTRYPOINT:-docker-entrypoint.sh}" "$@"
