// A minimal socket.io client (engine.io protocol 4 over a websocket, no polling, default namespace) for benchmarks
// that hold thousands of sockets on the server's own machine: socket.io-client spends about 24 µs of this process's
// CPU on each frame it receives, which on two cores delays the server and every other socket's receipt. This one
// parses each event frame once (JSON) and does nothing else. Events only; no acknowledgements, binary or reconnection.
import WebSocket from 'ws';

export interface LeanSocket {
  on(event: string, listener: (payload: unknown) => void): void;
  disconnect(): void;
}

/** engine.io packet types (first character of a text frame). */
const OPEN = '0';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
/** socket.io packet types (second character of an engine.io message). */
const CONNECT = '0';
const EVENT = '2';
const CONNECT_ERROR = '4';

/** Connects to `baseUrl`'s socket.io endpoint with `auth`; resolves once the server accepted the namespace. */
export function connectLean(
  baseUrl: string,
  auth: Record<string, unknown>,
  path = '/socket.io',
): Promise<LeanSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${path}/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const listeners = new Map<string, (payload: unknown) => void>();
  const socket: LeanSocket = {
    on(event, listener) {
      listeners.set(event, listener);
    },
    disconnect() {
      ws.close();
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const frame = data.toString();
      const kind = frame[0];
      if (kind === PING) {
        ws.send(PONG);
      } else if (kind === OPEN) {
        ws.send(`${MESSAGE}${CONNECT}${JSON.stringify(auth)}`);
      } else if (kind === MESSAGE) {
        const type = frame[1];
        if (type === EVENT) {
          const [event, payload] = JSON.parse(frame.slice(2)) as [string, unknown];
          listeners.get(event)?.(payload);
        } else if (type === CONNECT) {
          resolve(socket);
        } else if (type === CONNECT_ERROR) {
          reject(new Error(`socket.io refused the connection: ${frame.slice(2)}`));
          ws.close();
        }
      }
    });
  });
}
