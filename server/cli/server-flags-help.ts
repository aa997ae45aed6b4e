/**
 * The help of the flags every table server command shares (`tq serve`,
 * `tq demo`): server/config/server-config.ts reads them, with the environment
 * variable each falls back to.
 */
export const SERVER_FLAGS_HELP: readonly (readonly [string, string])[] = [
  ['--data <dir>', 'the data directory: shoes, index, users, keys (TQ_DATA, default ./data)'],
  ['--serial <path>', "the shuffler's serial device or PTY (TQ_SERIAL)"],
  ['--baud <n>', 'baud rate of the serial line (TQ_BAUD, default 9600)'],
  ['--mock-serial', "serialport's mock binding instead of a device (tests)"],
  ['--port <n>', 'HTTP port (TQ_PORT, default 8040; 0 = any free port)'],
  ['--host <h>', 'interface to listen on (TQ_HOST, default 0.0.0.0)'],
  ['--tls-cert <file>', 'serve HTTPS with this certificate (PEM; TQ_TLS_CERT); with --tls-key'],
  ['--tls-key <file>', "the certificate's private key (PEM; TQ_TLS_KEY)"],
  ['--allow-http', 'with NODE_ENV=production, allow plain HTTP beyond loopback'],
  ['--allowed-hosts <list>', 'host names the server answers for, comma-separated (TQ_ALLOWED_HOSTS)'],
  ['--table <id>', 'the table (TQ_TABLE, default T1)'],
  ['--rules <name|file>', 'a rules profile (venice, half-at-31) or a rules file (TQ_RULES, default venice)'],
  ['--seats <list>', 'the seats, comma-separated (TQ_SEATS, default s1…s12)'],
  ['--central <url>', 'replicate to the central witness, postgres://… (TQ_CENTRAL; docs/central-store.md)'],
  ['--accept-behind-central', 'open although the record is behind its central copy: surveillance decided (docs/deploy.md)'],
  ['--central-password-file <f>', "the table's central password, first line of f (TQ_CENTRAL_PASSWORD_FILE; not in the data directory)"],
  ['--seal-every <s>', 'seconds of play left unsealed at most (TQ_SEAL_EVERY, default 60)'],
  ['--unwitnessed-limit <s>', 'seconds dealt without the central witness before the chef must acknowledge it (TQ_UNWITNESSED_LIMIT, default 600)'],
  ['--key-file <path>', 'the table key that signs the seals (TQ_KEY_FILE, default <data>/keys/table.key)'],
  ['--log-level <l>', 'fatal, error, warn, info, debug, trace or silent (TQ_LOG_LEVEL, default info)'],
];
