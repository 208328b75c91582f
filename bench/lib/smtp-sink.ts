import { SMTPServer } from 'smtp-server';

/*
 * An SMTP server that accepts and drops every message, in its own process so that the load
 * driver's busy event loop does not slow the server's email down. Started by `startSmtpSink`;
 * prints its port, and the number of messages when it stops.
 */
let received = 0;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.server.address();
  console.log(`listening on ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => {
  console.log(`received ${received}`);
  server.close(() => process.exit(0));
});
