/**
 * The chat benches' baseline: a bare Socket.IO relay on BARE_PORT. A socket joins the room its handshake names
 * (`auth.member`); `POST /send` with `{ id, to }` emits `message_received` to that room and answers 201. No session, no
 * credits, no store: what pushing a message to a socket costs on this machine, next to a paid send through Tip.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer((req, res) => {
  // Anything but a send says it is up (the bench waits for that).
  if (req.method !== 'POST' || req.url !== '/send') {
    res.writeHead(200).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { id, to } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; to: string };
    io.to(to).emit('message_received', { message: { id } });
    res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  });
});
const io = new Server(server, { path: '/ws', transports: ['websocket'] });
io.on('connection', (socket) => void socket.join(String((socket.handshake.auth as { member?: string }).member)));
server.listen(Number(process.env.BARE_PORT), '127.0.0.1');
