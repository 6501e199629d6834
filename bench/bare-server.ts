// The yardstick: a bare Fastify route answering the same wrapper shape, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  code: 200,
  type: 'success',
  message: '',
  result: { ok: true },
  extras: null,
  time: '',
}));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
