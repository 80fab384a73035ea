import { createServer, type Socket } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

export type SmtpServer = {
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Recipients answered with 550 (the message is refused when all its recipients are). */
  readonly rejected: Set<string>;
  close(): Promise<void>;
};

/**
 * A minimal SMTP server on loopback: just enough of RFC 5321 (EHLO, MAIL, RCPT, DATA, RSET, QUIT) for
 * nodemailer to deliver to it over a real socket. No TLS, no auth.
 */
export async function startSmtpServer(): Promise<SmtpServer> {
  const messages: ReceivedMail[] = [];
  const rejected = new Set<string>();
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');

    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK: queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        const address = line.match(/<([^>]*)>/)?.[1] ?? '';
        if (command === 'EHLO' || command === 'HELO') reply('250 localhost');
        else if (command === 'MAIL') {
          current = { from: address, to: [], data: '' };
          reply('250 OK');
        } else if (command === 'RCPT') {
          if (rejected.has(address)) reply('550 No such user here');
          else {
            current.to.push(address);
            reply('250 OK');
          }
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 OK');
        } else if (command === 'NOOP') reply('250 OK');
        else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejected,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
