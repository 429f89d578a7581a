// An audit entry as an admin reads it: the thing by its name, the details by the forms' names,
// values as the app writes them, in the page's language; ids only where nothing else names the thing.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#contract/audit-log.ts';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { createTranslator } from '#i18n/translator.ts';
import { auditEntryText } from '#i18n/audit-entry-text.ts';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({ id: 'e1', at: '2026-11-29T17:05:00.000Z', actor: 'admin@example.com', actorId: 'a1', action: 'session.approved', targetType: 'session', targetId: 'sess-123', details: {}, ip: null, ...over });
const read = (e: AuditEntry, language: 'en' | 'es' = 'en', currency = 'USD') =>
  auditEntryText(e, { translator: createTranslator(language, CATALOGUES[language]), currency, dateTime: (instant) => `at ${instant}` });
const said = (e: AuditEntry, language: 'en' | 'es' = 'en') => {
  const { target, facts } = read(e, language);
  return [target, ...facts.map((f) => `${f.label}: ${f.value}`)];
};

describe('audit entries in words', () => {
  it('an approval: the session by its title, the fee as money in the installation’s currency', () => {
    const approval = entry({ details: { title: 'Harmony', tutorEmail: 'tutor@example.com', registrationFeeCents: 0, maxParticipants: null } });
    expect(said(approval)).toEqual(['Session “Harmony”', 'Tutor: tutor@example.com', 'Registration fee: $0.00', 'Max participants: No seat limit']);
    expect(said(approval, 'es')).toEqual(['Sesión «Harmony»', 'Tutor: tutor@example.com', 'Precio de inscripción: 0,00\u00a0US$', 'Máximo de participantes: Sin límite de plazas']);
    expect(read(entry({ details: { title: 'Harmony', registrationFeeCents: 1250 } }), 'en', 'EUR').facts).toEqual([{ label: 'Registration fee', value: '€12.50' }]);
  });

  it('an edit: each change from → to, dates through the page’s formatter, statuses by their labels', () => {
    const edit = entry({ action: 'session.updated', details: { title: 'Harmony', changes: { classStartDate: { from: '2099-01-13T17:00:00.000Z', to: '2099-01-14T17:00:00.000Z' }, status: { from: 'pending', to: 'approved' }, maxParticipants: { from: null, to: 12 } } } });
    expect(read(edit).facts).toEqual([
      { label: 'Class start', value: 'at 2099-01-13T17:00:00.000Z → at 2099-01-14T17:00:00.000Z' },
      { label: 'Status', value: 'Pending → Approved' },
      { label: 'Max participants', value: 'No seat limit → 12' },
    ]);
  });

  it('names accounts by their address, a student by theirs instead of their id, roles and attendance by their labels', () => {
    expect(said(entry({ action: 'user.role_changed', targetType: 'user', targetId: 'u1', details: { email: 'ana@example.com', from: 'student', to: 'tutor' } }), 'es')).toEqual(['Cuenta ana@example.com', 'Rol: Estudiante → Tutor']);
    const marked = said(entry({ action: 'session.attendance_marked', details: { title: 'Harmony', tutorEmail: 't@example.com', studentId: 'u9', studentEmail: 'leo@example.com', attendance: 'absent' } }));
    expect(marked).toEqual(['Session “Harmony”', 'Tutor: t@example.com', 'Student: leo@example.com', 'Attendance: Absent']);
    expect(marked.join(' ')).not.toContain('u9');
  });

  it('keeps an id where it is all there is (a job, an API key revoked), and says a detail it does not know as stored', () => {
    expect(said(entry({ action: 'job.retried', targetType: 'job', targetId: 'job-7', details: { kind: 'email', attempts: 3, lastError: null } }))).toEqual(['Job job-7', 'Kind: email', 'Attempts: 3']);
    expect(said(entry({ action: 'api_key.revoked', targetType: 'api_key', targetId: 'key-1', details: {} }))).toEqual(['API key “key-1”']);
    expect(said(entry({ action: 'api_key.used', targetType: 'api_key', targetId: 'key-1', details: { key: 'ci', method: 'POST', route: '/api/x/:id', path: '/api/x/1', status: 201 } }))).toEqual(['API key “ci”', 'Request: POST /api/x/1', 'Answer: 201']);
    expect(said(entry({ details: { title: 'Harmony', somethingNew: { a: 1 } } }))).toEqual(['Session “Harmony”', 'somethingNew: {"a":1}']);
  });
});
