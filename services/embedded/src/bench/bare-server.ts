/**
 * The benches' baseline: bare node:http answering one fixed body (BARE_BODY) on BARE_PORT, to set a page's cost
 * through the whole stack next to the cost of only sending its bytes.
 */
import { createServer } from 'node:http';

const body = process.env.BARE_BODY ?? '';
const length = Buffer.byteLength(body);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  res.end(body);
}).listen(Number(process.env.BARE_PORT), '127.0.0.1');
