// The baseline of `npm run bench:http`, in a process of its own as the project's server is: bare
// `node:http` sending, for each path, the status, headers and body the project sent. With a
// database, it first runs the project's statements in the same order through `pg` (the signed-in
// `/api/me`). Its input arrives as JSON on standard input: `answers` by path (bodies in base64),
// and `database` ({ url, statements }) or null. The port is printed as `listening <port>`.
import http from 'node:http';
import pg from 'pg';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { answers: encoded, database } = JSON.parse(input);
const answers = new Map(
  Object.entries(encoded).map(([path, answer]) => [
    path,
    { ...answer, body: Buffer.from(answer.body, 'base64') },
  ]),
);
// As many connections as the project's pool.
const pool = database ? new pg.Pool({ connectionString: database.url, max: 10 }) : undefined;

function send(response, answer) {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

const server = http.createServer({ keepAlive: true }, (request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(500).end();
    return;
  }
  if (!pool) {
    send(response, answer);
    return;
  }
  void (async () => {
    for (const statement of database.statements) await pool.query(statement);
    send(response, answer);
  })().catch(() => response.writeHead(500).end());
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void (pool ? pool.end() : Promise.resolve()).then(() => process.exit(0)));
});
