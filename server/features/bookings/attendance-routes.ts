// Attendance and the roster download (issue 19): the session's tutor and admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attendanceParams, attendanceSchema, markAllPresentResultSchema, markAttendanceBody } from '#contract/bookings.ts';
import { errorSchema, idParam, nonJsonBody } from '#contract/common.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { attendanceService } from './attendance-service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export async function attendanceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const attendance = attendanceService(deps);
  const tags = ['bookings'];

  r.put('/api/sessions/:id/attendance/:studentId', {
    schema: { tags, summary: 'Mark a booked student present or absent, once class has started (its tutor, admins)', params: attendanceParams, body: markAttendanceBody, response: { 200: z.object({ studentId: z.string(), attendance: attendanceSchema }), ...errors } },
  }, async (request) => attendance.mark(await requireUser(deps.auth, request), request.params.id, request.params.studentId, request.body.attendance));

  r.post('/api/sessions/:id/attendance/all-present', {
    schema: { tags, summary: 'Mark every booked student not marked yet present, once class has started (its tutor, admins)', params: idParam, response: { 200: markAllPresentResultSchema, ...errors } },
  }, async (request) => attendance.markAllPresent(await requireUser(deps.auth, request), request.params.id));

  r.get('/api/sessions/:id/roster.csv', {
    schema: { tags, summary: 'The booked students as CSV: name, email, booked at, paid, attendance (its tutor, admins)', params: idParam, response: { 200: nonJsonBody('text/csv', 'RFC 4180 CSV, spreadsheet-safe'), ...errors } },
  }, async (request, reply) => {
    const csv = await attendance.rosterCsv(await requireUser(deps.auth, request), request.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8; header=present')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(csv.body);
  });
}
