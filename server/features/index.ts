// Every feature's routes, registered in this order by app.ts. Add one line per feature.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { sessionRoutes } from '#server/features/sessions/session-routes.ts';

export const FEATURE_ROUTES: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>> = [
  sessionRoutes,
];
