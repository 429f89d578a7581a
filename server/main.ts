// Starts StudyNest: parse config, build the app, listen, shut down gracefully.
import { ConfigError, loadConfig } from '#server/config.ts';
import { buildApp } from '#server/app.ts';
import { seedDemoIfEmpty } from '#server/demo-seed.ts';
import { promoteAdminEmail } from '#server/auth/admin-email.ts';

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

  // ADMIN_EMAIL is promoted when that account exists and its address is verified (else once it is).
  if (config.adminEmail) await promoteAdminEmail(deps.db, config.adminEmail);

  if (config.demoData !== false) {
    const seeded = await seedDemoIfEmpty(deps);
    if (seeded) {
      const lines = seeded.map((u) => `  ${u.role.padEnd(8)} ${u.email.padEnd(34)} ${u.password}`);
      console.log(`\nDemo data seeded. These passwords are shown only once:\n${lines.join('\n')}\n`);
    }
  }

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
