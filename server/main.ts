import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { createPlatform } from './start.ts';

const config = loadConfig();
const app = await createPlatform(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'shutting down: draining requests');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`platform ready on ${config.publicUrl} (database: ${app.database.kind}${config.redisUrl ? ', redis fan-out' : ''})`);
