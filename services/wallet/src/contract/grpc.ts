import { loadProto, type CallerPolicy } from '@tip/platform';
import type { ProtoGrpcType } from '../generated/wallet.js';
import type { WalletDefinition } from '../generated/tip/wallet/v1/Wallet.js';

export type { WalletDefinition } from '../generated/tip/wallet/v1/Wallet.js';
export type { Entry__Output as WalletEntry } from '../generated/tip/wallet/v1/Entry.js';

export const WALLET_SERVICE_NAME = 'tip.wallet.v1.Wallet';

/** As many debits as one DebitMany carries at most. */
export const DEBITS_PER_CALL = 500;

/**
 * Who calls the wallet besides the BFF: a debit pays for what another service sells, and that service asks for it
 * (messaging a message, content an unlock or a reveal); the BFF never debits. The NetworkPolicies admit the same.
 */
export const WALLET_CALLERS: CallerPolicy = { Debit: ['messaging', 'content'], DebitMany: ['messaging', 'content'] };

let definition: WalletDefinition | undefined;

/** The wallet service's gRPC definition, loaded from proto/wallet.proto once. */
export function walletDefinition(): WalletDefinition {
  definition ??= loadProto<ProtoGrpcType>('wallet.proto').tip.wallet.v1.Wallet.service;
  return definition;
}
