// A PostgreSQL server that refuses every connection at its startup message
// with one error, as a server does for a wrong password or an unknown
// database: node refusing-postgres.mjs SQLSTATE MESSAGE. Prints its port on
// stdout, then serves until killed. For tests that need a refusal without a
// database.
import { createServer } from 'node:net';

const [sqlstate = '28P01', message = 'password authentication failed for user "loadout"'] = process.argv.slice(2);

/** An ErrorResponse ('E'): severity, SQLSTATE and message fields, each NUL-terminated, then a NUL. */
function errorResponse() {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlstate}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

const server = createServer((socket) => {
  let pending = Buffer.alloc(0);
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 8 && pending.length >= pending.readInt32BE(0)) {
      const length = pending.readInt32BE(0);
      const code = pending.readInt32BE(4);
      pending = pending.subarray(length);
      // SSLRequest or GSSENCRequest: not supported here, the client goes on in the clear.
      if (code === 80877103 || code === 80877104) socket.write('N');
      else return void socket.end(errorResponse());
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
