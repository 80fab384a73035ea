// What a browser and a slow network hold open on a server process when it is told to stop: a keep-alive
// connection, a request whose body is still arriving (a long upload), and a webhook receiver that never answers.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type OpenSocket = {
  /** Resolves once the server has closed (or reset) the connection. */
  closed: Promise<void>;
  destroy(): void;
};

function connect(base: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function track(socket: Socket): OpenSocket {
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { closed, destroy: () => socket.destroy() };
}

/** An HTTP/1.1 connection that has had one answer and stays open, as a browser keeps it for the next request. */
export async function keepAliveConnection(base: string): Promise<OpenSocket> {
  const socket = await connect(base);
  const answered = new Promise<void>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) resolve();
    });
  });
  socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  await answered;
  return track(socket);
}

/**
 * An authenticated image upload whose body arrives slowly and never ends: the server is inside the request
 * (reading the body) when it is told to stop.
 */
export async function slowUpload(base: string, token: string): Promise<OpenSocket> {
  const socket = await connect(base);
  const boundary = 'shutdown-test-boundary';
  // `Expect: 100-continue`: the server answers "100 Continue" once the request has reached it, so the test
  // knows the request is in flight before it sends the signal.
  const continued = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(
    [
      'POST /api/upload/image HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      'Content-Length: 1000000',
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  await continued;
  socket.write(
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="image"; filename="big.png"',
      'Content-Type: image/png',
      '',
      'part of the image',
    ].join('\r\n'),
  );
  const open = track(socket);
  // A few more bytes now and then, like a slow uplink.
  const trickle = setInterval(() => socket.write('.'), 200);
  void open.closed.then(() => clearInterval(trickle));
  return open;
}

/** A webhook receiver on loopback that accepts each request and never answers it. */
export async function silentReceiver(): Promise<{
  url: string;
  /** Resolves once a request (a delivery) has arrived. */
  reached: Promise<void>;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let reach: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', () => reach());
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    reached,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
