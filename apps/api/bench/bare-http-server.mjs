// The baseline of `npm run bench:http`, in a process of its own as the project's server is: bare
// `node:http` sending, for each path, the status, headers and body the project sent. The answers
// arrive as JSON on standard input (bodies in base64); the port is printed as `listening <port>`.
import http from 'node:http';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const answers = new Map(
  Object.entries(JSON.parse(input)).map(([path, answer]) => [
    path,
    { ...answer, body: Buffer.from(answer.body, 'base64') },
  ]),
);

const server = http.createServer({ keepAlive: true }, (request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(500).end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
