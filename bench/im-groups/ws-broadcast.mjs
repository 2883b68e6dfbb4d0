// The baseline of bench/im-groups/run.mjs: a bare `ws` server that forwards every frame it gets to every
// other open socket, as it is (the bench sends an encoded teamMsg push, so members receive a frame of the
// same size and decode it as they decode the im-server's). No protocol, no database, no routing.
//   PORT=<port> node ws-broadcast.mjs
import process from 'node:process';
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT), perMessageDeflate: false });
wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    for (const other of wss.clients) if (other !== socket && other.readyState === other.OPEN) other.send(data, { binary: true });
  });
});
wss.on('listening', () => console.log(`ws-broadcast listening on ${process.env.PORT}`));
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
