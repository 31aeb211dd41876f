// node-hello.mjs: the Node.js baseline for bench/run. Node's own `http` module, one process, one
// fixed JSON answer with keep-alive: what a plain Node service does for the same route.
//
//   node bench/baseline/node-hello.mjs PORT ['{"message":"Hallo Welt"}']
import http from 'node:http';

const port = Number(process.argv[2]);
if (!port) {
  console.error('usage: node node-hello.mjs PORT [JSON-BODY]');
  process.exit(2);
}
const body = Buffer.from(process.argv[3] ?? '{"message":"Hallo Welt"}');

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)) && server.closeAllConnections());
