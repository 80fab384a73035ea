// `npm run bench`: ratios against baselines measured in this same run. Prints figures; never fails on them.
import { apiBench } from './apiBench.ts';
import { bundleBench } from './bundleBench.ts';

const only = process.argv[2];
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!only || only === 'bundle') {
  const bundle = await bundleBench();
  console.log('\nFirst screen JavaScript (gzip)');
  console.log(`  app first screen        ${kib(bundle.appFirstScreenGzip)}`);
  console.log(
    `  React + MUI floor       ${kib(bundle.floorGzip)}  (${bundle.muiModules.length} MUI modules)`,
  );
  console.log(
    `  ratio app / floor       ${ratio(bundle.appFirstScreenGzip, bundle.floorGzip)}x   (goal <= 1.2x)`,
  );
}

if (!only || only === 'api') {
  const api = await apiBench();
  console.log('\nAPI throughput (autocannon from a separate process)');
  console.log(`  bare Fastify hello       ${api.helloRps.toFixed(0)} req/s`);
  console.log(`  bare argon2id verify     ${api.argon2VerifyPerSecond.toFixed(1)} /s (concurrency 4)`);
  for (const db of api.databases) {
    const goal = db.name === 'PostgreSQL' ? 0.33 : 0.1;
    console.log(
      `  ${db.name.padEnd(10)} GET /api/user/me ${db.meRps.toFixed(0)} req/s  ratio vs hello ${ratio(db.meRps, api.helloRps)}x (goal >= ${goal}x)`,
    );
    const overhead = (1 - db.loginRps / api.argon2VerifyPerSecond) * 100;
    console.log(
      `  ${db.name.padEnd(10)} POST /api/auth/login ${db.loginRps.toFixed(1)} req/s  ratio vs verify ${ratio(db.loginRps, api.argon2VerifyPerSecond)}x (overhead ${overhead.toFixed(1)}%, goal <= 10%)`,
    );
  }
  for (const skip of api.skipped) console.log(`  skipped: ${skip}`);
}
