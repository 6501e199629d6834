// The yardsticks: a bare Fastify route answering the same wrapper shape, nothing else; and the same route behind
// the response headers every API answer carries (security headers, CORS, request id), to show what those alone
// cost a client on this machine.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify from 'fastify';
import { registerSecurityHeaders } from '../apps/server/src/kernel/http/security-headers';

const answer = async () => ({
  code: 200,
  type: 'success',
  message: '',
  result: { ok: true },
  extras: null,
  time: '',
});
const app = Fastify({ logger: false });
app.get('/bare', answer);
await app.listen({ port: 0, host: '127.0.0.1' });

const dressed = Fastify({ logger: false, genReqId: () => randomUUID() });
registerSecurityHeaders(dressed, { hsts: false });
await dressed.register(cors, {
  origin: true,
  credentials: false,
  exposedHeaders: ['access-token', 'x-access-token', 'Content-Disposition', 'x-request-id'],
});
dressed.addHook('onSend', (req, reply, payload, done) => {
  reply.header('x-request-id', req.id);
  done(null, payload);
});
dressed.get('/api/bare', answer);
await dressed.listen({ port: 0, host: '127.0.0.1' });

const port = (a: ReturnType<typeof app.server.address>) => (typeof a === 'object' && a ? a.port : 0);
process.stdout.write(`listening ${port(app.server.address())} ${port(dressed.server.address())}\n`);
