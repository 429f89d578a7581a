// Starts StudyNest: parse config, build the app, listen, shut down gracefully.
import { ConfigError, loadConfig } from '#server/config.ts';
import { buildApp } from '#server/app.ts';
import { startUp } from '#server/start-up.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = Date.now();
  const { app, deps } = await buildApp(config);

  await startUp(config, deps, { warn: (line) => console.warn(`Warning: ${line}`), print: (line) => console.log(line) });

  await app.listen({ port: config.port, host: config.host });
  console.log(`StudyNest is running at ${config.baseUrl} (ready in ${Date.now() - started} ms)`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
