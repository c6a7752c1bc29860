import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that holds every chunk for `delayMs` each way, so a round trip costs what it
 * costs between two hosts (the machine's `tc netem` is not available). Timers make the delay at least 1 ms.
 */
export async function startDelayProxy(
  target: { host: string; port: number },
  delayMs: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk) => setTimeout(() => to.write(chunk), delayMs));
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
