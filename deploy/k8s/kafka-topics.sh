#!/bin/sh
# Creates (or corrects) the topics about users as compacted topics: Kafka keeps only the latest event of each key,
# so a deleted member's earlier events (their profile) leave the log; their UserDeleted, which holds nothing
# personal, stays. Segments roll every 10 minutes and the cleaner may not wait longer than that, so an erased
# member's events are gone within about 20 minutes. The list is COMPACTED_TOPICS in
# services/platform/src/events/index.ts (deploy/compose.test.ts checks they agree).
# Usage: kafka-topics.sh <bootstrap-server>, in the apache/kafka image (compose: the kafka-topics service; Kubernetes:
# the kafka-topics Job). Partitions and replication are the brokers' defaults.
set -eu
bootstrap="$1"
bin=/opt/kafka/bin
settings="cleanup.policy=compact,segment.ms=600000,max.compaction.lag.ms=600000,min.cleanable.dirty.ratio=0.01"
for topic in identity.users moderation.verifications; do
  "$bin/kafka-topics.sh" --bootstrap-server "$bootstrap" --create --if-not-exists --topic "$topic" \
    --config cleanup.policy=compact
  "$bin/kafka-configs.sh" --bootstrap-server "$bootstrap" --alter --entity-type topics --entity-name "$topic" \
    --add-config "$settings"
done
