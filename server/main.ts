// Starts StudyNest: parse config, build the app, listen; on SIGTERM drain, then shut down gracefully.
import { ConfigError, loadConfig } from '#server/config.ts';
import { buildApp } from '#server/app.ts';
import { prettyLog } from '#server/http/pretty-log.ts';
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
  // Readable lines in development; JSON lines (for a log collector) everywhere else.
  const { app, deps } = await buildApp(config, config.env === 'development' ? { logStream: prettyLog(process.stdout) } : {});
  const { drain } = deps;

  // What start-up prints (the demo accounts' passwords) comes after the address, below the log
  // lines of the start, where it is seen.
  const printed: string[] = [];
  await startUp(config, deps, { warn: (line) => console.warn(`Warning: ${line}`), print: (line) => printed.push(line) });

  await app.listen({ port: config.port, host: config.host });
  console.log(`StudyNest is running at ${config.baseUrl} (ready in ${Date.now() - started} ms)`);
  for (const line of printed) console.log(line);

  let closing = false;
  const close = () => {
    closing = true;
    app.log.info('shutting down: finishing in-flight requests');
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
  let grace: NodeJS.Timeout | undefined;
  const shutdown = (signal: string) => {
    if (closing) return;
    // A second signal during the drain (Ctrl-C again) stops waiting.
    if (drain.draining || config.drainGraceMs === 0) {
      clearTimeout(grace);
      close();
      return;
    }
    drain.start();
    app.log.info({ signal, drainGraceMs: config.drainGraceMs }, 'draining: /api/health answers 503 and each connection closes after its next answer; serving until the grace ends');
    grace = setTimeout(close, config.drainGraceMs);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
