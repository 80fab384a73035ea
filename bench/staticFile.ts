// The serving baseline: bare Fastify + @fastify/static sending one file (the published page's bytes).
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: path.resolve(process.env.STATIC_ROOT ?? '.') });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
