import Fastify from 'fastify';

/*
 * The baseline every throughput is divided by: a bare Fastify route, in its own process, on the
 * same machine and in the same run as the server under test. Started by `startHelloWorld`.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : ''}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
