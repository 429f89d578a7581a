import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, NotePage } from '#contract/notes.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

async function noteOf(who: Actor, title = 'Kinematics', details = 'v = u + at'): Promise<Note> {
  const res = await t.request(who, { method: 'POST', url: '/api/create-note', ...json({ title, details }) });
  expect(res.statusCode).toBe(201);
  return res.json() as Note;
}
const noteRow = (id: string) => t.deps.db.kysely.selectFrom('note').selectAll().where('id', '=', id).executeTakeFirst();

describe('note routes: permission matrix', () => {
  it('lets only the owner write, the owner and admins read', async () => {
    const email = () => enc(actors.student.user!.email);
    await runMatrix(t, actors, [
      {
        name: 'POST /api/create-note',
        request: () => ({ method: 'POST', url: '/api/create-note', ...json({ title: 'T', details: 'D' }) }),
        expect: { anonymous: 401, student: 201, otherStudent: 201, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "GET /api/notes/{student's email}",
        request: () => ({ method: 'GET', url: `/api/notes/${email()}` }),
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      {
        name: "GET /api/note/{student's email}/{id}",
        request: async () => ({ method: 'GET', url: `/api/note/${email()}/${(await noteOf(actors.student)).id}` }),
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      {
        name: "PUT /api/note/{student's email}/{id}",
        request: async () => ({ method: 'PUT', url: `/api/note/${email()}/${(await noteOf(actors.student)).id}`, ...json({ title: 'New', details: 'Changed' }) }),
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "DELETE /api/note/{student's email}/{id}",
        request: async () => ({ method: 'DELETE', url: `/api/note/${email()}/${(await noteOf(actors.student)).id}` }),
        expect: { anonymous: 401, student: 204, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "PUT /api/note/{caller's own email}/{student's note id}",
        request: async (a) => {
          const note = await noteOf(a.student);
          return { method: 'PUT', url: `/api/note/${enc(a.otherStudent.user!.email)}/${note.id}`, ...json({ title: 'Hijack', details: 'x' }) };
        },
        // Only otherStudent passes the email check; the note is not theirs, so it is "not found".
        expect: { anonymous: 401, student: 403, otherStudent: 404, tutor: 403, otherTutor: 403, admin: 403 },
      },
    ]);
  });
});

describe('notes', () => {
  it('creates a note owned by the caller, whatever studentEmail the body claims', async () => {
    const res = await t.request(actors.student, { method: 'POST', url: '/api/create-note', ...json({ title: ' Optics ', details: 'Snell', studentEmail: actors.otherStudent.user!.email }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Optics', details: 'Snell', studentEmail: actors.student.user!.email });
    expect((await noteRow(res.json().id))?.studentId).toBe(actors.student.user!.id);
  });

  it('requires title and details', async () => {
    const res = await t.request(actors.student, { method: 'POST', url: '/api/create-note', ...json({ title: '', details: '  ' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ title: 'Title is required', details: 'Details are required' });
  });

  it('reads, updates and deletes own notes; others change nothing', async () => {
    const me = await t.actor({ role: 'student' });
    const note = await noteOf(me, 'Waves', 'Interference');
    const url = `/api/note/${enc(me.user!.email)}/${note.id}`;

    const intruders = [actors.otherStudent, actors.tutor, actors.admin];
    for (const who of intruders) {
      expect((await t.request(who, { method: 'PUT', url, ...json({ title: 'Hacked', details: 'x' }) })).statusCode).toBe(403);
      expect((await t.request(who, { method: 'DELETE', url })).statusCode).toBe(403);
      // Under their own email the note does not exist for them.
      const own = `/api/note/${enc(who.user!.email)}/${note.id}`;
      expect((await t.request(who, { method: 'DELETE', url: own })).statusCode).toBe(404);
    }
    expect(await noteRow(note.id)).toMatchObject({ title: 'Waves', details: 'Interference' });

    const updated = await t.request(me, { method: 'PUT', url, ...json({ title: 'Waves 2', details: 'Diffraction' }) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: note.id, title: 'Waves 2', details: 'Diffraction' });
    expect(Date.parse(updated.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(note.updatedAt));
    expect((await t.request(me, { method: 'GET', url })).json()).toMatchObject({ title: 'Waves 2' });

    expect((await t.request(me, { method: 'DELETE', url })).statusCode).toBe(204);
    expect(await noteRow(note.id)).toBeUndefined();
    expect((await t.request(me, { method: 'GET', url })).statusCode).toBe(404);
  });

  it('lists own notes, most recently updated first, in pages', async () => {
    const me = await t.actor({ role: 'student' });
    const a = await noteOf(me, 'A');
    await noteOf(me, 'B');
    await noteOf(me, 'C');
    // Distinct update times: two writes in the same millisecond tie on updatedAt (then order by id).
    await new Promise((r) => setTimeout(r, 5));
    await t.request(me, { method: 'PUT', url: `/api/note/${enc(me.user!.email)}/${a.id}`, ...json({ title: 'A edited', details: 'x' }) });
    const url = `/api/notes/${enc(me.user!.email)}`;
    const p1 = (await t.request(me, { method: 'GET', url: `${url}?limit=2` })).json() as NotePage;
    const p2 = (await t.request(me, { method: 'GET', url: `${url}?limit=2&cursor=${enc(p1.nextCursor!)}` })).json() as NotePage;
    expect([...p1.items, ...p2.items].map((n) => n.title)).toEqual(['A edited', 'C', 'B']);
    expect(p2.nextCursor).toBeNull();
    const admin = (await t.request(actors.admin, { method: 'GET', url })).json() as NotePage;
    expect(admin.items).toHaveLength(3);
    expect((await t.request(actors.admin, { method: 'GET', url: '/api/notes/nobody%40example.com' })).statusCode).toBe(404);
  });
});
