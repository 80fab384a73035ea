// The baseline of the co-editing bench: a bare WebSocket echo (the `ws` library, as the app's server uses) on
// loopback, in a process of its own like the server it is compared with. GET /health answers once listening.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((request, response) => {
  response.writeHead(request.url === '/health' ? 200 : 404).end();
});
const wss = new WebSocketServer({ server });
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const client of wss.clients) client.terminate();
  server.close(() => process.exit(0));
});
