#!/bin/sh
# SeaweedFS's S3 identities for compose, written from the environment before the image's entrypoint starts the
# server with `-s3.config` (docker-compose.yml's s3 service): identity and content each sign with a key pair of
# their own, which SeaweedFS allows on that service's bucket alone (Read, Write, List, Tagging, and Admin for
# creating the bucket on the service's first start). There is no other identity: no key reaches the other bucket,
# and requests without a key are refused.
# Environment: S3_IDENTITY_BUCKET, S3_IDENTITY_ACCESS_KEY, S3_IDENTITY_SECRET_KEY, and the same for CONTENT. Keys:
# letters, digits and + / = . _ - (they go into JSON as they are); the two services' keys must differ.
# S3_CONFIG_FILE (/tmp/s3-identities.json) and S3_ENTRYPOINT (/entrypoint.sh, the image's) let
# deploy/compose.test.ts run it against a stand-in.
set -eu
for name in IDENTITY CONTENT; do
  for part in BUCKET ACCESS_KEY SECRET_KEY; do
    eval "value=\${S3_${name}_${part}:-}"
    if [ -z "$value" ]; then
      echo "S3_${name}_${part} is required" >&2
      exit 1
    fi
    case "$value" in
      *[!A-Za-z0-9+/=._-]*)
        echo "S3_${name}_${part}: letters, digits and + / = . _ - only" >&2
        exit 1
        ;;
    esac
  done
done
if [ "$S3_IDENTITY_ACCESS_KEY" = "$S3_CONTENT_ACCESS_KEY" ] || [ "$S3_IDENTITY_SECRET_KEY" = "$S3_CONTENT_SECRET_KEY" ]; then
  echo "S3_IDENTITY_* and S3_CONTENT_*: each service needs keys of its own" >&2
  exit 1
fi
if [ "$S3_IDENTITY_BUCKET" = "$S3_CONTENT_BUCKET" ]; then
  echo "S3_IDENTITY_BUCKET and S3_CONTENT_BUCKET: each service has a bucket of its own" >&2
  exit 1
fi
# One identity: its name, bucket, access key and secret key.
identity() {
  printf '{"name":"%s","credentials":[{"accessKey":"%s","secretKey":"%s"}],' "$1" "$3" "$4"
  printf '"actions":["Read:%s","Write:%s","List:%s","Tagging:%s","Admin:%s"]}' "$2" "$2" "$2" "$2" "$2"
}
config="${S3_CONFIG_FILE:-/tmp/s3-identities.json}"
umask 077
{
  printf '{"identities":['
  identity identity "$S3_IDENTITY_BUCKET" "$S3_IDENTITY_ACCESS_KEY" "$S3_IDENTITY_SECRET_KEY"
  printf ','
  identity content "$S3_CONTENT_BUCKET" "$S3_CONTENT_ACCESS_KEY" "$S3_CONTENT_SECRET_KEY"
  printf ']}\n'
} > "$config"
exec "${S3_ENTRYPOINT:-/entrypoint.sh}" "$@" "-s3.config=$config"
