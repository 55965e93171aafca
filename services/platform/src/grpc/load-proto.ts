import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';

/** proto/ at the repository root; the same relative place from src/ (tests) and dist/ (runtime). */
const protoDir = fileURLToPath(new URL('../../../../proto/', import.meta.url));

/** The options the build passes to proto-loader-gen-types: the generated types describe exactly these objects. */
const loaderOptions: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [protoDir],
};

/** Loads one contract, e.g. `loadProto<IdentityProto>('identity.proto')`, typed by its generated ProtoGrpcType. */
export function loadProto<T>(file: string): T {
  return grpc.loadPackageDefinition(protoLoader.loadSync(file, loaderOptions)) as T;
}
