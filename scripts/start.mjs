// `npm start`: install if needed, build the app if stale, then run the service in this process
// (so SIGTERM reaches close-with-grace directly).
import { ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
