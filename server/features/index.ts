// Every feature's routes, registered in this order by app.ts. Add one line per feature (routes
// that receive files are registered by app.ts inside the multipart scope: uploads, materials).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { auditRoutes } from '#server/audit/audit-routes.ts';
import { bookingsRoutes } from '#server/features/bookings/bookings-routes.ts';
import { myDataRoutes } from '#server/features/my-data/my-data-routes.ts';
import { notesRoutes } from '#server/features/notes/notes-routes.ts';
import { notificationRoutes } from '#server/features/notifications/notification-routes.ts';
import { paymentsRoutes } from '#server/features/payments/payments-routes.ts';
import { reviewsRoutes } from '#server/features/reviews/reviews-routes.ts';
import { adminJobsRoutes } from '#server/features/admin-jobs/admin-jobs-routes.ts';
import { adminUsersRoutes } from '#server/features/admin-users/admin-users-routes.ts';
import { sessionRoutes } from '#server/features/sessions/session-routes.ts';
import { siteRoutes } from '#server/features/site/site-routes.ts';

export const FEATURE_ROUTES: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>> = [
  sessionRoutes,
  adminUsersRoutes,
  adminJobsRoutes,
  notificationRoutes,
  bookingsRoutes,
  reviewsRoutes,
  notesRoutes,
  paymentsRoutes,
  siteRoutes,
  myDataRoutes,
  auditRoutes,
];
