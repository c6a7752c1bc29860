import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback: records what it gets and answers the statuses queued (200 when none). */
export async function startReceiver() {
  const received: ReceivedHook[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status < 300 ? 'ok' : 'receiver broke');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Statuses of the next answers, in order. */
    answer: (...next: number[]) => statuses.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
