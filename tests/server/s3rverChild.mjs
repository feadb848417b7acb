// The local S3-compatible server of tests/server/s3Server.ts, in its own process: a test process may
// run with a shifted Date (tests/setup/shiftedDate.ts) that the server's request-time check must not see.
// argv: directory, bucket. Prints "listening <port>" once it accepts requests; stops on SIGTERM.
// The access key is still checked, but not the signature: s3rver computes ListObjectsV2's canonical
// request differently from the current AWS SDK (every listing is refused); GET, PUT and DELETE match.
import S3rver from '@20minutes/s3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  allowMismatchedSignatures: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
server.run().then(
  ({ port }) => process.stdout.write(`listening ${port}\n`),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
