// A local S3 server (s3rver, the maintained @20minutes fork: pure JS, objects kept as files) standing in for MinIO in
// the objects port's contract suite when S3_ENDPOINT is unset. Run as a child process (minioEngine in engines.ts does):
//   node s3-server.mjs <port> <directory>
// It listens on 127.0.0.1:<port>, keeps buckets under <directory>, checks every request's signature against its one
// account (access key S3RVER, secret S3RVER) and prints "S3 server ready" once it listens.
import S3rver from '@20minutes/s3rver';

const [port, directory] = process.argv.slice(2);
if (!port || !directory) {
  console.error('usage: s3-server.mjs <port> <directory>');
  process.exit(2);
}

const server = new S3rver({ address: '127.0.0.1', port: Number(port), directory, silent: true });
await server.run();
// Node's 5 s would close an idle connection while a client on a loaded machine, its event loop behind, reuses it:
// an upload then fails with EPIPE. S3 keeps idle connections longer than a client's pool does.
server.httpServer.keepAliveTimeout = 60_000;
console.log('S3 server ready');
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
