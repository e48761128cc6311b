import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/**
 * The process entry point: reads the configuration, migrates, listens, and stops cleanly.
 * On SIGTERM/SIGINT it stops accepting connections, lets requests in flight finish, closes the
 * database and exits 0; if that takes longer than the shutdown timeout it exits 1.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const app = await buildApp(config);
  await app.database.migrate();

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: `http://localhost:${config.port}`,
      database: app.database.engine,
      // Without SMTP, this is where a developer finds the activation code.
      ...(config.smtpUrl ? {} : { emails: config.paths.mail }),
    },
    'Juntos is running',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
