// The login baseline: bare argon2id verify throughput with the same concurrency as the HTTP load.
import { hash, verify } from '@node-rs/argon2';

const seconds = Number(process.env.SECONDS ?? 5);
const concurrency = Number(process.env.CONCURRENCY ?? 4);
const password = 'correct horse battery';
const digest = await hash(password);
let done = 0;
const until = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      if (!(await verify(digest, password))) throw new Error('verify failed');
      done += 1;
    }
  }),
);
console.log(JSON.stringify({ perSecond: done / seconds }));
