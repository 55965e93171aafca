#!/bin/sh
# Compose's Kafka broker: one KRaft node, broker and controller, that asks every client for SCRAM-SHA-512 over
# SASL_PLAINTEXT (inside compose's network only, so without TLS; deploy/README.md). The apache/kafka image's own
# set-up cannot add SCRAM credentials when it formats the storage, and KRaft has no user before that, so this script
# writes the broker's configuration and formats the storage with the services' user itself, then starts the broker.
# The controller listens on loopback alone: nothing outside the container reaches it.
# Environment: CLUSTER_ID, KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD (letters, digits, '.', '_' and '-': they go into
# the JAAS settings as they are). KAFKA_HOME (/opt/kafka), KAFKA_CONFIG_DIR (/tmp/kafka) and KAFKA_DATA_DIR
# (/var/lib/kafka/data) let deploy/compose.test.ts run it against stand-ins.
# The credentials are added when the storage is first formatted: to change the password later, use kafka-configs.sh
# --alter --add-config 'SCRAM-SHA-512=[password=...]' --entity-type users (with client.properties), then .env.
set -eu
: "${CLUSTER_ID:?CLUSTER_ID is required}"
: "${KAFKA_SASL_USERNAME:?KAFKA_SASL_USERNAME is required}"
: "${KAFKA_SASL_PASSWORD:?KAFKA_SASL_PASSWORD is required}"
case "$KAFKA_SASL_USERNAME$KAFKA_SASL_PASSWORD" in
  *[!A-Za-z0-9._-]*)
    echo "KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD: letters, digits, '.', '_' and '-' only" >&2
    exit 1
    ;;
esac
home="${KAFKA_HOME:-/opt/kafka}"
dir="${KAFKA_CONFIG_DIR:-/tmp/kafka}"
data="${KAFKA_DATA_DIR:-/var/lib/kafka/data}"
jaas="org.apache.kafka.common.security.scram.ScramLoginModule required username=\"$KAFKA_SASL_USERNAME\" password=\"$KAFKA_SASL_PASSWORD\";"
mkdir -p "$dir"
umask 077
cat > "$dir/server.properties" <<PROPERTIES
node.id=1
process.roles=broker,controller
listeners=SASL_PLAINTEXT://:9092,CONTROLLER://127.0.0.1:9093
advertised.listeners=SASL_PLAINTEXT://kafka:9092
listener.security.protocol.map=CONTROLLER:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT
controller.listener.names=CONTROLLER
controller.quorum.voters=1@127.0.0.1:9093
inter.broker.listener.name=SASL_PLAINTEXT
sasl.enabled.mechanisms=SCRAM-SHA-512
sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512
listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=$jaas
log.dirs=$data
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
PROPERTIES
# For the tools inside this container (the health check): the same user.
cat > "$dir/client.properties" <<PROPERTIES
security.protocol=SASL_PLAINTEXT
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=$jaas
PROPERTIES
"$home/bin/kafka-storage.sh" format --ignore-formatted --cluster-id "$CLUSTER_ID" --config "$dir/server.properties" \
  --add-scram "SCRAM-SHA-512=[name=$KAFKA_SASL_USERNAME,password=$KAFKA_SASL_PASSWORD]"
exec "$home/bin/kafka-server-start.sh" "$dir/server.properties"
