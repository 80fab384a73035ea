// `npm start`: build the client when it is missing or stale, then serve app + API from one process.
// First: restarts this process with the server's Node flags when they are missing, before the build.
import '../server/processSettings.ts';
import { buildIfStale } from './buildIfStale.ts';

await buildIfStale();
await import('../server/main.ts');
