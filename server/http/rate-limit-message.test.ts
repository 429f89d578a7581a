// The server's own 429 (the @fastify/rate-limit routes: uploads, materials…) names the wait it
// sends in Retry-After, in the words the web app uses, in the caller's language.
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '#server/http/error-handler.ts';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function limitedApp(timeWindow: number) {
  const app = Fastify();
  apps.push(app);
  installErrorHandler(app);
  await app.register(rateLimit, { global: false });
  app.get('/limited', { config: { rateLimit: { max: 1, timeWindow } } }, async () => ({ ok: true }));
  return app;
}

describe("the server's 429", () => {
  it.each([
    [8_000, 'Too many requests. Try again in 8 seconds.'],
    [60_000, 'Too many requests. Try again in 1 minute.'],
    [150_000, 'Too many requests. Try again in 3 minutes.'],
  ])('after a window of %i ms says “%s”', async (timeWindow, message) => {
    const app = await limitedApp(timeWindow);
    expect((await app.inject({ url: '/limited' })).statusCode).toBe(200);
    const limited = await app.inject({ url: '/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(timeWindow / 1000));
    expect(limited.json()).toEqual({ message });
  });
});

describe("the server's 429 in the caller's language", () => {
  it.each([
    [8_000, 'Demasiadas solicitudes. Inténtalo de nuevo dentro de 8 segundos.'],
    [60_000, 'Demasiadas solicitudes. Inténtalo de nuevo dentro de 1 minuto.'],
  ])('after a window of %i ms says “%s” to Accept-Language: es', async (timeWindow, message) => {
    const app = await limitedApp(timeWindow);
    expect((await app.inject({ url: '/limited' })).statusCode).toBe(200);
    const limited = await app.inject({ url: '/limited', headers: { 'accept-language': 'es' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message });
  });
});
