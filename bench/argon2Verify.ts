// The sign-in baseline: one argon2id verify, as the server does it (same library, same default parameters).
// MODE=throughput (default): verifies per second with CONCURRENCY at once for SECONDS.
// MODE=cpu: COUNT verifies, CONCURRENCY at once; prints the CPU time (all threads of this process, argon2's
// workers included) per verify, which a loaded machine inflates far less than it does wall time.
import { hash, verify } from '@node-rs/argon2';

const mode = process.env.MODE ?? 'throughput';
const seconds = Number(process.env.SECONDS ?? 5);
const count = Number(process.env.COUNT ?? 40);
const concurrency = Number(process.env.CONCURRENCY ?? 4);
const password = 'correct horse battery';
const digest = await hash(password);

const check = async () => {
  if (!(await verify(digest, password))) throw new Error('verify failed');
};

if (mode === 'cpu') {
  await check(); // warm: the thread pool and the code
  let left = count;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left -= 1;
        await check();
      }
    }),
  );
  const used = process.cpuUsage(before);
  console.log(JSON.stringify({ cpuMsPerVerify: (used.user + used.system) / 1000 / count }));
} else {
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await check();
        done += 1;
      }
    }),
  );
  console.log(JSON.stringify({ perSecond: done / seconds }));
}
