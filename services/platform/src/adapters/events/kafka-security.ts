import { readFile } from 'node:fs/promises';

export type KafkaSaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';

/** One type per mechanism, as kafkajs and the other clients take them. */
type KafkaSasl = {
  [M in KafkaSaslMechanism]: { mechanism: M; username: string; password: string };
}[KafkaSaslMechanism];

/** As configured (KAFKA_TLS*, KAFKA_SASL_*): the authorities to trust are named by a file. */
export interface KafkaSecuritySettings {
  /** TLS to every broker; without `caFile`, the system's trusted authorities. */
  tls?: { caFile?: string };
  sasl?: KafkaSasl;
}

/** As the client takes it: the authorities' certificates read. */
export interface KafkaSecurity {
  tls?: { ca?: string };
  sasl?: KafkaSasl;
}

/** Reads the CA file the settings name, saying which variable named it when it cannot be read. */
export async function readKafkaSecurity(settings: KafkaSecuritySettings = {}): Promise<KafkaSecurity> {
  const { tls, sasl } = settings;
  let ca: string | undefined;
  if (tls?.caFile) {
    try {
      ca = await readFile(tls.caFile, 'utf8');
    } catch (error) {
      throw new Error(`KAFKA_TLS_CA_FILE: cannot read ${tls.caFile} (${(error as Error).message})`, { cause: error });
    }
  }
  return { ...(tls ? { tls: ca ? { ca } : {} } : {}), ...(sasl ? { sasl } : {}) };
}
