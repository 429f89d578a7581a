// Every feature's routes, registered in this order by app.ts (after better-auth's): add one line
// per feature. Routes that receive files go in FILE_ROUTES, registered inside the multipart scope.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { auditRoutes } from '#server/audit/audit-routes.ts';
import { apiKeyRoutes } from '#server/features/api-keys/api-key-routes.ts';
import { webhookRoutes } from '#server/features/webhooks/webhook-routes.ts';
import { ltiRoutes } from '#server/features/lti/lti-routes.ts';
import { healthRoutes } from '#server/features/health/health-routes.ts';
import { materialRoutes } from '#server/features/materials/material-routes.ts';
import { uploadRoutes } from '#server/features/uploads/upload-routes.ts';
import { meRoutes } from '#server/features/users/me-routes.ts';
import { attendanceRoutes } from '#server/features/bookings/attendance-routes.ts';
import { bookingsRoutes } from '#server/features/bookings/bookings-routes.ts';
import { calendarFeedRoutes } from '#server/features/bookings/calendar-feed-routes.ts';
import { myDataRoutes } from '#server/features/my-data/my-data-routes.ts';
import { notesRoutes } from '#server/features/notes/notes-routes.ts';
import { notificationRoutes } from '#server/features/notifications/notification-routes.ts';
import { paymentsRoutes } from '#server/features/payments/payments-routes.ts';
import { reviewsRoutes } from '#server/features/reviews/reviews-routes.ts';
import { adminJobsRoutes } from '#server/features/admin-jobs/admin-jobs-routes.ts';
import { adminUsersRoutes } from '#server/features/admin-users/admin-users-routes.ts';
import { sessionRoutes } from '#server/features/sessions/session-routes.ts';
import { siteRoutes } from '#server/features/site/site-routes.ts';

type RegisterRoutes = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

export const FEATURE_ROUTES: RegisterRoutes[] = [
  healthRoutes,
  meRoutes,
  sessionRoutes,
  adminUsersRoutes,
  adminJobsRoutes,
  notificationRoutes,
  bookingsRoutes,
  calendarFeedRoutes,
  attendanceRoutes,
  reviewsRoutes,
  notesRoutes,
  paymentsRoutes,
  siteRoutes,
  myDataRoutes,
  auditRoutes,
  apiKeyRoutes,
  webhookRoutes,
  ltiRoutes,
];

/** Routes that receive files (multipart parsing, and its per-request hook, only where files are sent). */
export const FILE_ROUTES: RegisterRoutes[] = [uploadRoutes, materialRoutes];
