import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A running local SMTP server of the tests. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  /** Every mail it accepted, parsed, oldest first. */
  mails: ParsedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every mail it accepts.
 * @param port a fixed port (a server that comes up later where the app already points), or 0
 *   for a free one
 * @param mails where accepted mails go (shared across restarts of the server)
 * @param acceptAfterMs how long the server takes to accept each mail (a slow mail provider)
 */
export async function startSmtpServer(
  port = 0,
  mails: ParsedMail[] = [],
  acceptAfterMs = 0,
): Promise<TestSmtpServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          if (acceptAfterMs > 0) setTimeout(() => callback(), acceptAfterMs);
          else callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
