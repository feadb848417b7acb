import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createPlatform } from './start.ts';

/** The configuration, or the start stops here naming each malformed variable (server/platform/env.ts). */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const p of err.problems) console.error(`configuration: ${p.name} ${p.message}`);
    process.exit(78); // EX_CONFIG
  }
}

const config = configOrExit();
const app = await createPlatform(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'shutting down: draining requests');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`platform ready on ${config.publicUrl} (database: ${app.database.kind}${config.redisUrl ? ', redis fan-out' : ''})`);
