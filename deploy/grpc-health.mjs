// Container health check for a gRPC service: asks grpc.health.v1.Health/Check and exits 0 only on SERVING.
// The images carry no grpc_health_probe; this uses the same libraries as the services.
// Usage: node deploy/grpc-health.mjs [host:port] [service]   (defaults: 127.0.0.1:50051, the whole server)
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';

const [address = '127.0.0.1:50051', serviceName = ''] = process.argv.slice(2);
const Health = grpc.makeGenericClientConstructor(healthService, 'Health');
const client = new Health(address, grpc.credentials.createInsecure());

client.Check({ service: serviceName }, { deadline: Date.now() + 3000 }, (error, response) => {
  const status = error ? `${error.code} ${error.details}` : response.status;
  if (status !== 'SERVING') console.error(`gRPC health of ${address} ${serviceName || '(server)'}: ${status}`);
  client.close();
  process.exit(status === 'SERVING' ? 0 : 1);
});
