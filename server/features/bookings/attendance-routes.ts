// Attendance and the roster download: the session's tutor and admins.
import { z } from 'zod';
import { attendanceParams, attendanceSchema, markAllPresentResultSchema, markAttendanceBody } from '#contract/bookings.ts';
import { idParam, nonJsonBody } from '#contract/common.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { attendanceService } from './attendance-service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

export const attendanceRoutes = apiRoutes(['bookings'], (r, deps, tags) => {
  const attendance = attendanceService(deps);

  r.put('/api/sessions/:id/attendance/:studentId', {
    config: { adminAudit: 'session.attendance_marked' },
    schema: { tags, summary: 'Mark a booked student present or absent, once class has started (its tutor, admins)', params: attendanceParams, body: markAttendanceBody, response: { 200: z.object({ studentId: z.string(), attendance: attendanceSchema }), ...errors } },
  }, async (request) => attendance.mark(await requireUser(deps.auth, request), request.params.id, request.params.studentId, request.body.attendance, request.ip));

  r.post('/api/sessions/:id/attendance/all-present', {
    config: { adminAudit: 'session.attendance_marked' },
    schema: { tags, summary: 'Mark every booked student not marked yet present, once class has started (its tutor, admins)', params: idParam, response: { 200: markAllPresentResultSchema, ...errors } },
  }, async (request) => attendance.markAllPresent(await requireUser(deps.auth, request), request.params.id, request.ip));

  r.get('/api/sessions/:id/roster.csv', {
    config: { adminAudit: 'session.roster_downloaded' },
    schema: { tags, summary: 'The booked students as CSV: name, email, booked at, paid, attendance (its tutor, admins)', params: idParam, response: { 200: nonJsonBody('text/csv', 'RFC 4180 CSV, spreadsheet-safe'), ...errors } },
  }, async (request, reply) => {
    const csv = await attendance.rosterCsv(await requireUser(deps.auth, request), request.params.id, await request.callerLanguage(), request.ip);
    return reply
      .header('content-type', 'text/csv; charset=utf-8; header=present')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(csv.body);
  });
});
