#!/bin/sh
# Creates every topic of the platform with a stated number of partitions and replicas, or grows a topic's partitions
# to that number (Kafka never shrinks them), and makes the topics about users compacted ones: Kafka keeps only the
# latest event of each key, so a deleted member's earlier events (their profile) leave the log; their UserDeleted,
# which holds nothing personal, stays. Segments roll every 10 minutes and the cleaner may not wait longer than that,
# so an erased member's events are gone within about 20 minutes.
# Events travel keyed by their aggregate, so one aggregate's events share a partition and keep their order; a second
# replica of a service consumes once a topic has a partition for it.
# The topics are those the services' contracts publish to (services/<name>/src/contract/events.ts), the compacted ones
# COMPACTED_TOPICS in services/platform/src/events/index.ts (deploy/compose.test.ts checks both lists).
# Usage: kafka-topics.sh <bootstrap-server> [partitions] [replication factor], in the apache/kafka image (compose: the
# kafka-topics service, one broker; Kubernetes: the kafka-topics Job, three).
set -eu
bootstrap="$1"
partitions="${2:-6}"
replication="${3:-1}"
bin="${KAFKA_BIN:-/opt/kafka/bin}"
# A cluster that asks for SASL: the tools sign in as the services do, with the same variables (KAFKA_SASL_MECHANISM
# scram-sha-512, scram-sha-256 or plain, KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD; KAFKA_TLS=true or
# KAFKA_TLS_CA_FILE for SASL_SSL).
set --
if [ -n "${KAFKA_SASL_MECHANISM:-}" ]; then
  : "${KAFKA_SASL_USERNAME:?KAFKA_SASL_USERNAME is required with KAFKA_SASL_MECHANISM}"
  : "${KAFKA_SASL_PASSWORD:?KAFKA_SASL_PASSWORD is required with KAFKA_SASL_MECHANISM}"
  case "$KAFKA_SASL_MECHANISM" in
    plain) module=org.apache.kafka.common.security.plain.PlainLoginModule ;;
    scram-sha-256 | scram-sha-512) module=org.apache.kafka.common.security.scram.ScramLoginModule ;;
    *)
      echo "KAFKA_SASL_MECHANISM: plain, scram-sha-256 or scram-sha-512, not $KAFKA_SASL_MECHANISM" >&2
      exit 1
      ;;
  esac
  protocol=SASL_PLAINTEXT
  if [ "${KAFKA_TLS:-false}" = true ] || [ -n "${KAFKA_TLS_CA_FILE:-}" ]; then protocol=SASL_SSL; fi
  config="$(mktemp)"
  trap 'rm -f "$config"' EXIT
  {
    echo "security.protocol=$protocol"
    echo "sasl.mechanism=$(echo "$KAFKA_SASL_MECHANISM" | tr '[:lower:]' '[:upper:]')"
    echo "sasl.jaas.config=$module required username=\"$KAFKA_SASL_USERNAME\" password=\"$KAFKA_SASL_PASSWORD\";"
    if [ -n "${KAFKA_TLS_CA_FILE:-}" ]; then
      echo "ssl.truststore.type=PEM"
      echo "ssl.truststore.location=$KAFKA_TLS_CA_FILE"
    fi
  } > "$config"
  set -- --command-config "$config"
fi
topics="identity.users identity.sessions wallet.ledger content.posts messaging.messages moderation.verifications moderation.posts moderation.reports moderation.feedback notifications.members"
compacted="identity.users moderation.verifications"
settings="cleanup.policy=compact,segment.ms=600000,max.compaction.lag.ms=600000,min.cleanable.dirty.ratio=0.01"
for topic in $topics; do
  "$bin/kafka-topics.sh" --bootstrap-server "$bootstrap" "$@" --create --if-not-exists --topic "$topic" \
    --partitions "$partitions" --replication-factor "$replication"
  current=$("$bin/kafka-topics.sh" --bootstrap-server "$bootstrap" "$@" --describe --topic "$topic" |
    sed -n 's/.*PartitionCount: *\([0-9]*\).*/\1/p' | head -n 1)
  if [ "${current:-0}" -lt "$partitions" ]; then
    "$bin/kafka-topics.sh" --bootstrap-server "$bootstrap" "$@" --alter --topic "$topic" --partitions "$partitions"
  fi
done
for topic in $compacted; do
  "$bin/kafka-configs.sh" --bootstrap-server "$bootstrap" "$@" --alter --entity-type topics --entity-name "$topic" \
    --add-config "$settings"
done
