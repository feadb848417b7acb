/**
 * The reference page of the page-load benchmarks (bench:vitals, bench:lighthouse): one heading, no
 * script, no style, from a bare Fastify on loopback. What the browser and the emulated network cost
 * on their own, measured in the same run as the platform's page.
 */
export async function bareStatic(): Promise<{ url: string; close: () => Promise<unknown> }> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async (_req, reply) =>
    reply
      .type('text/html')
      .send(
        '<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>ref</title></head><body><h1>Hello, world</h1></body></html>',
      ),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/`, close: () => app.close() };
}
