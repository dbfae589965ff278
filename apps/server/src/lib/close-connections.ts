import type { FastifyInstance } from 'fastify';

/**
 * Lets a closing server (SIGTERM: main.ts, `app.close()`) end every kept-alive connection with
 * its last answer. When closing begins, Fastify closes the connections idle at that moment and
 * answers requests that arrive later with 503 and `Connection: close`; an answer to a request
 * already in flight, though, kept its connection open. A reverse proxy pools such connections
 * (deploy/nginx.conf: `keepalive 32`) and, having marked the stopping instance as failed, does
 * not use them again for `fail_timeout`, so they stayed open idle and held up the shutdown until
 * the grace period ended (10 s, then a hard exit; docs/benchmarks.md "Several instances behind
 * nginx"). From `preClose` on, every answer carries `Connection: close`, and Node closes the
 * connection once the answer is sent.
 * @param app the root instance, before any route is registered (the hook must cover them all)
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
